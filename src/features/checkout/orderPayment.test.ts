import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { paidOrder, unpaidOrder } from '../../test/machines/payment.model';
import { server } from '../../test/server';
import { orderLifecycleApi } from '../../shared/orders/orderLifecycleApi';
import { ordersApi } from '../../shared/orders/ordersApi';
import { makeStore } from '../../store/store';
import { checkoutApi } from './checkoutApi';

describe('recording a payment', () => {
  it('refetches the order lists and the order, so every table shows it paid', async () => {
    const loads = { lists: 0, order: 0 };
    let paid = false;
    server.use(
      http.get('/api/order', () => {
        loads.lists += 1;
        return HttpResponse.json([paid ? paidOrder : unpaidOrder]);
      }),
      http.get('/api/order/:id', () => {
        loads.order += 1;
        return HttpResponse.json(paid ? paidOrder : unpaidOrder);
      }),
      http.patch('/api/order/:id', async ({ request }) => {
        expect(await request.json()).toEqual({ transactionId: paidOrder.transactionId });
        paid = true;
        return HttpResponse.json(paidOrder);
      }),
    );
    const store = makeStore();
    const subscriptions = [
      store.dispatch(ordersApi.endpoints.getMyOrders.initiate('shopper@store.test')),
      store.dispatch(ordersApi.endpoints.getAllOrders.initiate()),
      store.dispatch(orderLifecycleApi.endpoints.getOrder.initiate(unpaidOrder._id)),
    ];
    await waitFor(() => expect(loads).toEqual({ lists: 2, order: 1 }));

    await store.dispatch(
      checkoutApi.endpoints.payOrder.initiate({
        id: unpaidOrder._id,
        transactionId: paidOrder.transactionId!,
      }),
    );
    await waitFor(() => expect(loads).toEqual({ lists: 4, order: 2 }));
    const mine = ordersApi.endpoints.getMyOrders.select('shopper@store.test')(store.getState());
    expect(mine.data).toEqual([paidOrder]);
    subscriptions.forEach((s) => s.unsubscribe());
  });
});
