import { BAG_LINES_MAX } from '@contract/quantities';
import { battery, tyre } from '../../test/fixtures';
import { guestLineSet, readGuestBag } from './guestBag';
import { makeStore } from '../../store/store';

beforeEach(() => localStorage.clear());

const line = (productId: string, quantity = 1, price = 10) => ({ productId, quantity, price });
const uuid = (n: number) => `7d6f8f3e-2c1a-4b5e-9f00-${String(n).padStart(12, '0')}`;

describe("the guest's bag in this browser", () => {
  it('reads back only well-formed lines, one per product, at most the limit', () => {
    localStorage.setItem(
      'guestBag',
      JSON.stringify([
        line(tyre._id, 4, 89.99),
        line('not-an-id'),
        line(battery._id, 0),
        line(battery._id, 1.5),
        { productId: battery._id, quantity: 2 },
        line(tyre._id, 9),
        line(battery._id, 10_001),
        null,
        line(battery._id, 1, 129.99),
      ]),
    );
    expect(readGuestBag()).toEqual([line(tyre._id, 4, 89.99), line(battery._id, 1, 129.99)]);

    localStorage.setItem(
      'guestBag',
      JSON.stringify(Array.from({ length: BAG_LINES_MAX + 5 }, (_, n) => line(uuid(n)))),
    );
    expect(readGuestBag()).toHaveLength(BAG_LINES_MAX);
  });

  it('starts empty when what is stored is not a bag', () => {
    for (const stored of ['{', '"text"', '{"items":[]}', '42']) {
      localStorage.setItem('guestBag', stored);
      expect(readGuestBag()).toEqual([]);
    }
  });

  it('is the store’s starting bag, and every change of it is written back', () => {
    localStorage.setItem('guestBag', JSON.stringify([line(tyre._id, 2, 89.99)]));
    const store = makeStore();
    expect(store.getState().guestBag).toEqual([line(tyre._id, 2, 89.99)]);

    store.dispatch(guestLineSet(line(battery._id, 1, 129.99)));
    store.dispatch(guestLineSet(line(tyre._id, 4, 89.99)));
    expect(JSON.parse(localStorage.getItem('guestBag') ?? '')).toEqual([
      line(tyre._id, 4, 89.99),
      line(battery._id, 1, 129.99),
    ]);

    store.dispatch(guestLineSet(line(tyre._id, 0)));
    store.dispatch(guestLineSet(line(battery._id, 0)));
    expect(localStorage.getItem('guestBag')).toBeNull();
  });
});

describe("the guest's bag open in several tabs", () => {
  /** Another tab's write: its new value is stored, then this tab hears of it (a `storage` event). */
  const anotherTabStores = (lines: unknown[] | null) => {
    if (lines) localStorage.setItem('guestBag', JSON.stringify(lines));
    else localStorage.removeItem('guestBag');
  };
  const anotherTabSays = (key: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key }));

  it('shows what another tab did to it', () => {
    const store = makeStore();
    anotherTabStores([line(tyre._id, 2, 89.99)]);
    anotherTabSays('guestBag');
    expect(store.getState().guestBag).toEqual([line(tyre._id, 2, 89.99)]);

    // Another key changes nothing; all of storage cleared (key null) empties the bag.
    anotherTabStores(null);
    anotherTabSays('accessToken');
    expect(store.getState().guestBag).toEqual([line(tyre._id, 2, 89.99)]);
    anotherTabSays(null);
    expect(store.getState().guestBag).toEqual([]);
    expect(localStorage.getItem('guestBag')).toBeNull();
  });

  it('changes the bag as stored now, keeping what another tab added in between', () => {
    localStorage.setItem('guestBag', JSON.stringify([line(tyre._id, 2, 89.99)]));
    const store = makeStore();
    // Not heard of yet: the event comes a task later than the write.
    anotherTabStores([line(tyre._id, 2, 89.99), line(battery._id, 1, 129.99)]);

    store.dispatch(guestLineSet(line(tyre._id, 4, 89.99)));
    const both = [line(tyre._id, 4, 89.99), line(battery._id, 1, 129.99)];
    expect(JSON.parse(localStorage.getItem('guestBag') ?? '')).toEqual(both);
    expect(store.getState().guestBag).toEqual(both);
  });
});
