import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { cachedOrder, storeWithEverythingCached } from '../../test/orderCache';
import { tyre } from '../../test/fixtures';
import { server } from '../../test/server';
import { ordersApi } from './ordersApi';

describe('the orders calls keep every table and the stock current', () => {
  it.each([
    [1, { mine: 2, all: 2, tyre: 2, battery: 1, products: 2 }],
    [0, { mine: 1, all: 1, tyre: 1, battery: 1, products: 1 }],
  ])(
    'deleting refetches lists and stock only when deletedCount is truthy (%s)',
    async (count, after) => {
      server.use(http.delete('/api/order/:id', () => HttpResponse.json({ deletedCount: count })));
      const { store, loads, done } = await storeWithEverythingCached();
      await store.dispatch(
        ordersApi.endpoints.deleteOrder.initiate({ id: cachedOrder._id, productId: tyre._id }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await waitFor(() => expect(loads).toEqual(after));
      done();
    },
  );
});
