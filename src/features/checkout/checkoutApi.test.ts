import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { tyre } from '../../test/fixtures';
import { cachedOrder, storeWithEverythingCached } from '../../test/orderCache';
import { server } from '../../test/server';
import { checkoutApi } from './checkoutApi';

describe('the orders calls keep every table and the stock current', () => {
  it('placing an order refetches the order lists and that product (its stock went down)', async () => {
    server.use(http.post('/api/order', () => HttpResponse.json(cachedOrder, { status: 201 })));
    const { store, loads, done } = await storeWithEverythingCached();
    await store.dispatch(
      checkoutApi.endpoints.createOrder.initiate({
        productId: tyre._id,
        name: 'Demo Shopper',
        address: '12 Foundry Lane',
        number: '0113 496 0000',
        quantity: 3,
      }),
    );
    await waitFor(() =>
      expect(loads).toEqual({ mine: 2, all: 2, tyre: 2, battery: 1, products: 2 }),
    );
    done();
  });

  it('a refused order refetches nothing', async () => {
    server.use(
      http.post('/api/order', () =>
        HttpResponse.json({ error: 'Conflict', message: 'no' }, { status: 409 }),
      ),
    );
    const { store, loads, done } = await storeWithEverythingCached();
    await store.dispatch(
      checkoutApi.endpoints.createOrder.initiate({
        productId: tyre._id,
        name: 'Demo Shopper',
        address: '12 Foundry Lane',
        number: '0113 496 0000',
        quantity: 3,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toEqual({ mine: 1, all: 1, tyre: 1, battery: 1, products: 1 });
    done();
  });
});
