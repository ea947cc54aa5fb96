/**
 * What a visitor does on a server-rendered page before its script has run, kept for the app.
 * React hydrates the page's fields with what was typed still in them (a list goes back to what
 * it rendered) and tells no component (React 19 fires no change), so a filter picked early never
 * applied, and a sign-in form sent early posted itself back (the server answers with the page
 * again: see `signInFormRoutes`) and came back empty; a button tapped did nothing (a card's Add
 * to bag reloaded the page). Part of the entry (boot.ts): about 1.2 KB.
 */

const HYDRATED = 'hydrated';

/** What counts as the visitor's first touch of a page: a tap, a click, a key, a focus. */
export const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

let touchedEarly = false;

/**
 * Whether the visitor touched the page before the app ran: work the app starts at the first
 * touch (afterInteraction.ts: Firebase on a sign-in page) starts at once then.
 */
export const touchedBeforeHydration = () => touchedEarly;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** A field whose state the app holds (a file's is the browser's alone). */
const isField = (target: EventTarget | null): target is Field =>
  (target instanceof HTMLInputElement && target.type !== 'file') ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

/**
 * A field as the visitor left it, noted at each of their changes: by the time it is replayed,
 * hydrating has set a list back to what React rendered, and each replayed change re-renders
 * the form, setting every controlled field back to the app's state.
 */
type Left = { list: string[] } | { ticked: boolean } | { text: string };

function leftAs(field: Field): Left {
  if (field instanceof HTMLSelectElement) {
    return { list: [...field.selectedOptions].map((option) => option.value) };
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    return { ticked: field.checked };
  }
  return { text: field.value };
}

/**
 * Tells the app of a field's state as the visitor left it, as if just done. React notices a
 * text field's or a box's change by a value it tracks, set by its own setter on the element:
 * the field is first set through that setter to something else, then to what the visitor left
 * (a text through the browser's own setter, as testing libraries do; a box by a click).
 */
function replay(field: Field, left: Left) {
  if ('list' in left) {
    for (const option of field instanceof HTMLSelectElement ? field.options : []) {
      option.selected = left.list.includes(option.value);
    }
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if ('ticked' in left) {
    // A radio is unticked by another's click, never its own: only the one picked is replayed.
    if (field instanceof HTMLInputElement && field.type === 'radio' && !left.ticked) return;
    (field as HTMLInputElement).checked = !left.ticked;
    (field as HTMLInputElement).click();
  } else {
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    field.value = left.text === '' ? ' ' : '';
    setValue?.call(field, left.text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Whether React listens to the page (index.tsx says so): a tap or a form sent is then its own
 * (it hydrates the part there and then), not replayed.
 */
let reactListening = false;
export const reactListens = () => {
  reactListening = true;
};

/**
 * A button only the app answers: any but a form's submit, unless that form is a GET form that
 * sends no field to no other address (a card's Add to bag), which as HTML only reloads the page.
 * A posted form's submit is held at `submit`; a link, a disclosure's summary are no buttons.
 */
const forTheApp = ({ type, form }: HTMLButtonElement) =>
  type === 'button' ||
  !form ||
  (type === 'submit' &&
    form.method === 'get' &&
    !form.hasAttribute('action') &&
    !form.querySelector('[name]'));

/** Resolves when the browser is next idle: React has no hydration work left in hand then. */
export const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 1000 })
      : setTimeout(resolve, 50),
  );

/**
 * Resolves once React has hydrated the element, and the browser then was idle (React keeps an
 * element's props on it as it renders, before it commits), or after `waitMs`. The app's mark
 * comes with the page's shell; a part in a Suspense boundary hydrates after it, and an event
 * sent to it before is lost. The `__reactProps$…` key is React's own naming, so a React upgrade
 * is covered by this module's tests and the browser journeys.
 */
async function hydratedByReact(element: Element, waitMs = 10_000): Promise<void> {
  const until = performance.now() + waitMs;
  do await idle();
  while (
    !Object.keys(element).some((key) => key.startsWith('__reactProps$')) &&
    performance.now() < until
  );
}

/** Resolves once the app has rendered the page (index.tsx marks the document). */
function hydrated(): Promise<void> {
  const root = document.documentElement;
  if (root.dataset[HYDRATED]) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!root.dataset[HYDRATED]) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: [`data-${HYDRATED}`] });
  });
}

/**
 * From now until the app has rendered: each field the visitor changes is noted, each button
 * only the app answers that they tap too, and a form that needs the app (posted; the shop's
 * filters are a GET form that works as HTML) is held, not sent. Once rendered, the noted fields
 * are replayed to the app, then each noted button is tapped once, in order, then a held form is
 * submitted again, now to the app. Resolves once all is handed over.
 */
export function keepWhatIsDoneBeforeHydration(): Promise<void> {
  reactListening = false;
  const changed = new Map<Field, Left>();
  const note = (event: Event) => {
    if (isField(event.target)) changed.set(event.target, leftAs(event.target));
  };
  let held: HeldSubmit | null = null;
  const hold = (event: SubmitEvent) => {
    const form = event.target;
    if (reactListening || !(form instanceof HTMLFormElement) || form.method !== 'post') return;
    event.preventDefault();
    held = { form, submitter: event.submitter };
  };
  // A Set: a button tapped twice (nothing seemed to happen) is replayed once; others in order.
  const pressed = new Set<HTMLButtonElement>();
  const press = (event: Event) => {
    const button = event.target instanceof Element && event.target.closest('button');
    if (!button || reactListening || !forTheApp(button)) return;
    event.preventDefault(); // a GET form's reload
    pressed.add(button);
  };
  const touch = () => {
    touchedEarly = true;
  };
  const listeners: Array<[string, (event: Event) => void]> = [
    // At `input` only: the browser's `change` for the same act comes after it, and a first
    // event on a part not yet hydrated makes React hydrate it there and then, setting a list
    // back to what it rendered before `change` reads it.
    ['input', note],
    ['submit', hold as (event: Event) => void],
    ['click', press],
    ...INTERACTIONS.map((type): [string, () => void] => [type, touch]),
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);

  return hydrated().then(async () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    // A page the app rendered anew (its chunk failed) has other elements: nothing to replay.
    for (const [field, left] of changed) {
      if (!field.isConnected) continue;
      await hydratedByReact(field);
      replay(field, left);
    }
    // The app's state updates from those events land before the form is read.
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const button of pressed) {
      if (!button.isConnected) continue;
      await hydratedByReact(button);
      button.click(); // does nothing if the app disabled it
    }
    if (!held?.form.isConnected) return;
    await hydratedByReact(held.form);
    held.form.requestSubmit(held.submitter);
  });
}
