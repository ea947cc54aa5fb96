import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@contract/orders';
import { battery, tyre } from '../test/fixtures';
import { server } from '../test/server';
import { api } from './api';
import { ordersApi } from './ordersApi';
import { makeStore } from './store';

const order: Order = {
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000701',
  productId: tyre._id,
  ProductName: tyre.name,
  price: tyre.price,
  name: 'Demo Shopper',
  email: 'shopper@store.test',
  address: '12 Foundry Lane',
  number: '0113 496 0000',
  quantity: 3,
  paid: false,
  transactionId: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  expired: false,
};

/** Counts the GETs of every list and product the tables and pages keep in the cache. */
function countLoads() {
  const loads = { mine: 0, all: 0, tyre: 0, battery: 0, products: 0 };
  server.use(
    http.get('/api/order', ({ request }) => {
      if (new URL(request.url).searchParams.has('email')) loads.mine += 1;
      else loads.all += 1;
      return HttpResponse.json([order]);
    }),
    http.get('/api/productDetails/:id', ({ params }) => {
      if (params.id === tyre._id) loads.tyre += 1;
      else loads.battery += 1;
      return HttpResponse.json(params.id === tyre._id ? tyre : battery);
    }),
    http.get('/api/product', () => {
      loads.products += 1;
      return HttpResponse.json([tyre, battery]);
    }),
  );
  return loads;
}

async function storeWithEverythingCached() {
  const loads = countLoads();
  const store = makeStore();
  const subscriptions = [
    store.dispatch(ordersApi.endpoints.getMyOrders.initiate('shopper@store.test')),
    store.dispatch(ordersApi.endpoints.getAllOrders.initiate()),
    store.dispatch(api.endpoints.getProduct.initiate(tyre._id)),
    store.dispatch(api.endpoints.getProduct.initiate(battery._id)),
    store.dispatch(api.endpoints.getProductPage.initiate({ limit: 24, offset: 0 })),
  ];
  await waitFor(() => expect(loads).toEqual({ mine: 1, all: 1, tyre: 1, battery: 1, products: 1 }));
  return { store, loads, done: () => subscriptions.forEach((s) => s.unsubscribe()) };
}

describe('the orders calls keep every table and the stock current', () => {
  it('placing an order refetches the order lists and that product (its stock went down)', async () => {
    server.use(http.post('/api/order', () => HttpResponse.json(order, { status: 201 })));
    const { store, loads, done } = await storeWithEverythingCached();
    await store.dispatch(
      ordersApi.endpoints.createOrder.initiate({
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
      ordersApi.endpoints.createOrder.initiate({
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

  it.each([
    [1, { mine: 2, all: 2, tyre: 2, battery: 1, products: 2 }],
    [0, { mine: 1, all: 1, tyre: 1, battery: 1, products: 1 }],
  ])(
    'deleting refetches lists and stock only when deletedCount is truthy (%s)',
    async (count, after) => {
      server.use(http.delete('/api/order/:id', () => HttpResponse.json({ deletedCount: count })));
      const { store, loads, done } = await storeWithEverythingCached();
      await store.dispatch(
        ordersApi.endpoints.deleteOrder.initiate({ id: order._id, productId: tyre._id }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await waitFor(() => expect(loads).toEqual(after));
      done();
    },
  );
});
