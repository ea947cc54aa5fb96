import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError } from '../../test/apiHandlers';
import { cachedOrder, storeWithEverythingCached } from '../../test/orderCache';
import { tyre } from '../../test/fixtures';
import { server } from '../../test/server';
import { orderLifecycleApi } from './orderLifecycleApi';

const order = { id: cachedOrder._id, productId: tyre._id };

describe('the order lifecycle calls', () => {
  it('send the body and the Idempotency-Key, and refetch the lists and the product whose stock came back', async () => {
    const sent: Array<{ url: string; key: string | null; body: unknown }> = [];
    server.use(
      http.post('/api/order/:id/:action', async ({ request }) => {
        sent.push({
          url: new URL(request.url).pathname,
          key: request.headers.get('idempotency-key'),
          body: await request.json(),
        });
        return HttpResponse.json({ ...cachedOrder, status: 'cancelled' });
      }),
    );
    const { store, loads, done } = await storeWithEverythingCached();
    await store
      .dispatch(
        orderLifecycleApi.endpoints.cancelOrder.initiate({
          ...order,
          reason: 'Wrong size',
          idempotencyKey: 'key-cancel-1',
        }),
      )
      .unwrap();
    expect(sent).toEqual([
      {
        url: `/api/order/${cachedOrder._id}/cancel`,
        key: 'key-cancel-1',
        body: { reason: 'Wrong size' },
      },
    ]);
    await waitFor(() =>
      expect(loads).toEqual({ mine: 2, all: 2, tyre: 2, battery: 1, products: 2 }),
    );

    // Shipping changes no stock: the lists only.
    await store
      .dispatch(
        orderLifecycleApi.endpoints.shipOrder.initiate({
          ...order,
          carrier: 'DHL',
          trackingNumber: 'JD01460000',
          idempotencyKey: 'key-ship-1',
        }),
      )
      .unwrap();
    expect(sent[1]).toEqual({
      url: `/api/order/${cachedOrder._id}/ship`,
      key: 'key-ship-1',
      body: { carrier: 'DHL', trackingNumber: 'JD01460000' },
    });
    await waitFor(() =>
      expect(loads).toEqual({ mine: 3, all: 3, tyre: 2, battery: 1, products: 2 }),
    );
    done();
  });

  it('read the order again after a 409 (it moved on), but not after a refusal that changed nothing', async () => {
    let orderLoads = 0;
    let status = 409;
    server.use(
      http.get('/api/order/:id', () => {
        orderLoads += 1;
        return HttpResponse.json(cachedOrder);
      }),
      http.post('/api/order/:id/refund', () => apiError(status, 'Refused.')),
    );
    const { store, done } = await storeWithEverythingCached();
    const read = store.dispatch(orderLifecycleApi.endpoints.getOrder.initiate(cachedOrder._id));
    await waitFor(() => expect(orderLoads).toBe(1));
    const refund = () =>
      store.dispatch(
        orderLifecycleApi.endpoints.refundOrder.initiate({ ...order, amount: 5, reason: 'Late' }),
      );
    await refund();
    await waitFor(() => expect(orderLoads).toBe(2));
    status = 400;
    await refund();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(orderLoads).toBe(2);
    read.unsubscribe();
    done();
  });
});
