import { bagApiHandlers, bagLine } from '../../test/bagFixtures';
import { battery, tyre } from '../../test/fixtures';
import { signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { bagApi } from './bagApi';
import { addToBag } from './addToBag';
import { makeStore } from '../../store/store';

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

describe('Add to bag for a signed-in shopper', () => {
  it('counts every tap of fast repeated taps', async () => {
    const api = bagApiHandlers([bagLine(tyre, 2)]);
    server.use(...api.handlers);
    const store = makeStore({ auth: signedInAuth() });
    const taps = [2, 4, 2].map((units) => store.dispatch(addToBag(tyre, units)));
    expect((await Promise.all(taps)).map(({ said }) => said)).toEqual([
      'Added 2: your bag has 4 of these.',
      'Added 4: your bag has 8 of these.',
      'Added 2: your bag has 10 of these.',
    ]);
    expect(api.writes).toEqual([`PUT ${tyre._id} 4`, `PUT ${tyre._id} 8`, `PUT ${tyre._id} 10`]);
  });

  it('counts taps on different products, with the navbar reading the bag meanwhile', async () => {
    const api = bagApiHandlers([bagLine(tyre, 2), bagLine(battery, 1)]);
    server.use(...api.handlers);
    const store = makeStore({ auth: signedInAuth() });
    // The navbar's count holds the bag's cache while the taps come.
    const navbar = store.dispatch(bagApi.endpoints.getBag.initiate());
    await navbar;
    const taps = [
      store.dispatch(addToBag(tyre, 2)),
      store.dispatch(addToBag(battery, 1)),
      store.dispatch(addToBag(tyre, 2)),
    ];
    expect((await Promise.all(taps)).map(({ said }) => said)).toEqual([
      'Added 2: your bag has 4 of these.',
      'Added 1: your bag has 2 of these.',
      'Added 2: your bag has 6 of these.',
    ]);
    expect(api.writes).toEqual([`PUT ${tyre._id} 4`, `PUT ${battery._id} 2`, `PUT ${tyre._id} 6`]);
    navbar.unsubscribe();
  });
});
