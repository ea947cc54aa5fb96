import { useState, type ReactElement } from 'react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  keepWhatIsDoneBeforeHydration,
  reactListens,
  touchedBeforeHydration,
} from './beforeHydration';
import { useHydrated } from '../../ui/useHydrated';

interface Sent {
  email: string;
  size: string;
  winter: boolean;
}

/** A server-rendered form of each kind of field, reporting what its state holds when sent. */
function Form({ method, onSend }: { method: 'get' | 'post'; onSend: (sent: Sent) => void }) {
  const [email, setEmail] = useState('');
  const [size, setSize] = useState('');
  const [winter, setWinter] = useState(false);
  return (
    <form
      method={method}
      action="/login"
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ email, size, winter });
      }}
    >
      <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <select aria-label="Size" value={size} onChange={(e) => setSize(e.target.value)}>
        <option value="">Any</option>
        <option value="16">16</option>
      </select>
      <input
        aria-label="Winter"
        type="checkbox"
        checked={winter}
        onChange={() => setWinter(!winter)}
      />
      <button type="submit">Send</button>
      <output>{`${email}|${size}|${winter}`}</output>
    </form>
  );
}

let root: Root | null = null;
let container: HTMLDivElement;

/** The page as the server sent it; then the app hydrates it (React listens), then marks it. */
function serverRender(ui: ReactElement) {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return (mark = true) => {
    act(() => {
      root = hydrateRoot(container, ui);
    });
    reactListens();
    if (mark) document.documentElement.dataset.hydrated = 'true';
  };
}

const markHydrated = () => {
  document.documentElement.dataset.hydrated = 'true';
};

/** What a visitor does before the script: type, pick, tick (nothing of React hears it yet). */
async function actBeforeScript() {
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.selectOptions(screen.getByLabelText('Size'), '16');
  await userEvent.click(screen.getByLabelText('Winter'));
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  delete document.documentElement.dataset.hydrated;
});

it('holds a sign-in form sent before hydration and sends it, as typed, to the app after', async () => {
  const onSend = jest.fn();
  const hydrate = serverRender(<Form method="post" onSend={onSend} />);
  keepWhatIsDoneBeforeHydration();
  expect(touchedBeforeHydration()).toBe(false);
  await actBeforeScript();
  // What the app starts at the visitor's first touch (Firebase on a sign-in page) starts at once.
  expect(touchedBeforeHydration()).toBe(true);
  const posted = jest.fn((event: SubmitEvent) => event.defaultPrevented);
  document.addEventListener('submit', posted);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  // Not posted back to the server, which would answer with the page, empty.
  expect(posted).toHaveReturnedWith(true);
  document.removeEventListener('submit', posted);
  expect(screen.getByRole('status')).toHaveTextContent('||false');
  expect(onSend).not.toHaveBeenCalled();

  hydrate();
  await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
  expect(onSend).toHaveBeenCalledWith({ email: 'ann@example.com', size: '16', winter: true });
});

it('lets a GET form go as HTML, and tells the app of fields changed early', async () => {
  const onSend = jest.fn();
  const hydrate = serverRender(<Form method="get" onSend={onSend} />);
  keepWhatIsDoneBeforeHydration();
  const posted = jest.fn((event: SubmitEvent) => {
    const prevented = event.defaultPrevented;
    event.preventDefault(); // jsdom cannot navigate
    return prevented;
  });
  document.addEventListener('submit', posted);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(posted).toHaveReturnedWith(false);
  document.removeEventListener('submit', posted);

  await actBeforeScript();
  hydrate();
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent('ann@example.com|16|true'),
  );
  expect(onSend).not.toHaveBeenCalled();
});

/**
 * Buttons only the app answers, as a card has them: two `type="button"`, and the submit of a GET
 * form that sends nothing (its quantity has no name: as HTML it would only reload the page).
 * Once rendered, the app may take a button away or disable it (`changed`).
 */
function Buttons({
  onPress,
  changed = false,
}: {
  onPress: (what: string) => void;
  changed?: boolean;
}) {
  const [quantity, setQuantity] = useState('1');
  const rendered = useHydrated() && changed;
  return (
    <>
      <button type="button" disabled={rendered} onClick={() => onPress('tyre')}>
        Add tyre
      </button>
      {!rendered && (
        <button type="button" onClick={() => onPress('valve')}>
          Add valve
        </button>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onPress(`bulb ×${quantity}`);
        }}
      >
        <input
          aria-label="Quantity"
          type="number"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <button type="submit">Add bulb</button>
      </form>
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

it('taps each button tapped before hydration once after it, in the order tapped', async () => {
  const onPress = jest.fn();
  const hydrate = serverRender(<Buttons onPress={onPress} />);
  const handedOver = keepWhatIsDoneBeforeHydration();
  const submitted = jest.fn();
  document.addEventListener('submit', submitted);
  await userEvent.dblClick(button('Add valve'));
  await userEvent.click(button('Add tyre'));
  await userEvent.clear(screen.getByLabelText('Quantity'));
  await userEvent.type(screen.getByLabelText('Quantity'), '3');
  await userEvent.click(button('Add bulb'));
  await userEvent.click(button('Add bulb'));
  // Not sent as HTML: a page reload would lose the taps.
  expect(submitted).not.toHaveBeenCalled();
  document.removeEventListener('submit', submitted);
  expect(onPress).not.toHaveBeenCalled();

  hydrate();
  await act(() => handedOver);
  expect(onPress.mock.calls).toEqual([['valve'], ['tyre'], ['bulb ×3']]);
});

it('taps no button the app took away or disabled', async () => {
  const onPress = jest.fn();
  const hydrate = serverRender(<Buttons onPress={onPress} changed />);
  const handedOver = keepWhatIsDoneBeforeHydration();
  await userEvent.click(button('Add valve'));
  await userEvent.click(button('Add tyre'));
  hydrate();
  expect(screen.queryByRole('button', { name: 'Add valve' })).not.toBeInTheDocument();
  expect(button('Add tyre')).toBeDisabled();
  await act(() => handedOver);
  expect(onPress).not.toHaveBeenCalled();
});

it('leaves a tap to React once it listens, before the page is marked hydrated', async () => {
  const onPress = jest.fn();
  const hydrate = serverRender(<Buttons onPress={onPress} />);
  const handedOver = keepWhatIsDoneBeforeHydration();
  hydrate(false);
  await userEvent.click(button('Add tyre'));
  expect(onPress).toHaveBeenCalledTimes(1);
  markHydrated();
  await act(() => handedOver);
  expect(onPress).toHaveBeenCalledTimes(1);
});

it('leaves a form sent once React listens to React alone', async () => {
  const onSend = jest.fn();
  const hydrate = serverRender(<Form method="post" onSend={onSend} />);
  const handedOver = keepWhatIsDoneBeforeHydration();
  hydrate(false);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSend).toHaveBeenCalledTimes(1);
  markHydrated();
  await act(() => handedOver);
  expect(onSend).toHaveBeenCalledTimes(1);
});
