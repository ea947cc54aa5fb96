import { battery, tyre } from '../test/fixtures';
import { addToBag } from './addToBag';
import { makeStore } from './store';

beforeEach(() => localStorage.clear());

const stored = () => JSON.parse(localStorage.getItem('guestBag') ?? '[]') as unknown[];

describe('Add to bag for a guest', () => {
  it('adds to the bag as stored now, which another tab may have changed', async () => {
    localStorage.setItem(
      'guestBag',
      JSON.stringify([{ productId: tyre._id, quantity: 2, price: tyre.price }]),
    );
    const store = makeStore();
    // Another tab added 2 more tyres and a battery; its `storage` event has not come yet.
    const otherTab = [
      { productId: tyre._id, quantity: 4, price: tyre.price },
      { productId: battery._id, quantity: 1, price: battery.price },
    ];
    localStorage.setItem('guestBag', JSON.stringify(otherTab));

    expect(await store.dispatch(addToBag(tyre, 2))).toEqual({
      said: 'Added 2: your bag has 6 of these.',
      refused: false,
    });
    expect(stored()).toEqual([{ ...otherTab[0], quantity: 6 }, otherTab[1]]);
  });
});
