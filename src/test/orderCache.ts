import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../store/api';
import { ordersApi } from '../shared/orders/ordersApi';
import { makeStore } from '../store/store';
import { anOrder } from './builders';
import { battery, tyre } from './fixtures';
import { server } from './server';

/** The order the cached lists hold. */
export const cachedOrder = anOrder({
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000701',
  address: '12 Foundry Lane',
  quantity: 3,
});

/** Counts the GETs of every list and product the tables and pages keep in the cache. */
function countLoads() {
  const loads = { mine: 0, all: 0, tyre: 0, battery: 0, products: 0 };
  server.use(
    http.get('/api/order', ({ request }) => {
      if (new URL(request.url).searchParams.has('email')) loads.mine += 1;
      else loads.all += 1;
      return HttpResponse.json([cachedOrder]);
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

/**
 * A store with both order lists, two products and the catalogue page loaded once: the tests
 * of a write count which of them it makes load again.
 */
export async function storeWithEverythingCached() {
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
