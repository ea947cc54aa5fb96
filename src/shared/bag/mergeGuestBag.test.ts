import { http, HttpResponse } from 'msw';
import type { MergeBagBody } from '@contract/bag';
import { bagLine, bagOf } from '../../test/bagFixtures';
import { battery, tyre } from '../../test/fixtures';
import { signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { guestLineSet, type GuestBagLine } from './guestBag';
import { mergeGuestBag } from './mergeGuestBag';
import { makeStore } from '../../store/store';

beforeEach(() => localStorage.clear());

const tyres = { productId: tyre._id, quantity: 4, price: tyre.price };
const batteries = { productId: battery._id, quantity: 1, price: battery.price };
const stored = () => JSON.parse(localStorage.getItem('guestBag') ?? 'null') as unknown;
/** A tab of this browser, signed in: the tabs share localStorage. */
const tab = () => makeStore({ auth: signedInAuth() });
/** The bag as a guest's tab fills it. */
function fillAsGuest(...lines: GuestBagLine[]) {
  const guest = makeStore();
  for (const line of lines) guest.dispatch(guestLineSet(line));
}

/** The merge call: each request's body and Idempotency-Key, and the bag stored as it came. */
function mergeApi(answer: () => Response = () => HttpResponse.json(bagOf([bagLine(tyre, 4)]))) {
  const requests: Array<{ body: MergeBagBody; key: string | null; storedThen: unknown }> = [];
  const handler = http.post('/api/bag/merge', async ({ request }) => {
    requests.push({
      body: (await request.json()) as MergeBagBody,
      key: request.headers.get('idempotency-key'),
      storedThen: stored(),
    });
    return answer();
  });
  return { handler, requests };
}

describe("merging the guest's bag at sign-in", () => {
  it('keeps the bag until the merge has succeeded, so a failed one loses nothing', async () => {
    fillAsGuest(tyres);
    const api = mergeApi(() => HttpResponse.json({ message: 'down' }, { status: 503 }));
    server.use(api.handler);
    const store = tab();
    await store.dispatch(mergeGuestBag());
    expect(api.requests.map(({ storedThen }) => storedThen)).toEqual([[tyres]]);
    expect(stored()).toEqual([tyres]);
    expect(store.getState().guestBag).toEqual([tyres]);
  });

  it('sends one Idempotency-Key from every tab for one bag, a new one for another', async () => {
    fillAsGuest(tyres);
    const api = mergeApi();
    server.use(api.handler);
    const [first, second] = [tab(), tab()];
    await Promise.all([first.dispatch(mergeGuestBag()), second.dispatch(mergeGuestBag())]);
    const [one, two] = api.requests.map(({ key }) => key);
    expect(one).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(two).toBe(one);
    expect(stored()).toBeNull();
    expect([first.getState().guestBag, second.getState().guestBag]).toEqual([[], []]);

    // The same lines filled again later are another bag: merged again, not answered from before.
    fillAsGuest(tyres);
    await tab().dispatch(mergeGuestBag());
    expect(api.requests[2]!.key).not.toBe(one);
  });

  it('sends one key from every tab for a bag stored before bags had names too', async () => {
    localStorage.setItem('guestBag', JSON.stringify([tyres]));
    const api = mergeApi();
    server.use(api.handler);
    await Promise.all([tab().dispatch(mergeGuestBag()), tab().dispatch(mergeGuestBag())]);
    const [one, two] = api.requests.map(({ key }) => key);
    expect(one).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(two).toBe(one);
  });

  it('sends nothing from a tab that finds the bag merged by another tab already', async () => {
    fillAsGuest(tyres);
    const api = mergeApi();
    server.use(api.handler);
    const [first, late] = [tab(), tab()];
    await first.dispatch(mergeGuestBag());
    // The late tab has not heard of the merge (no storage event yet): it still holds the bag.
    expect(late.getState().guestBag).toEqual([tyres]);
    await late.dispatch(mergeGuestBag());
    expect(api.requests).toHaveLength(1);
    expect(late.getState().guestBag).toEqual([]);
  });

  it('takes out only what was merged: a line added meanwhile stays for the next sign-in', async () => {
    fillAsGuest(tyres);
    const api = mergeApi(() => {
      // Another tab, still a guest's, adds a battery while the merge is on its way.
      localStorage.setItem('guestBag', JSON.stringify([tyres, batteries]));
      return HttpResponse.json(bagOf([bagLine(tyre, 4)]));
    });
    server.use(api.handler);
    const store = tab();
    await store.dispatch(mergeGuestBag());
    expect(api.requests.map(({ body }) => body)).toEqual([
      { items: [{ productId: tyre._id, quantity: 4 }] },
    ]);
    expect(stored()).toEqual([batteries]);
    expect(store.getState().guestBag).toEqual([batteries]);
  });
});
