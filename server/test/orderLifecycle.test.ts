import { eq, sql } from 'drizzle-orm';
import { ORDER_TRANSITIONS, ORDER_STATUSES, type OrderAction } from '../../contract/orderLifecycle';
import { refusals } from '../src/refusals';
import { orders } from '../src/db/schema';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct, orderBody, stockOf } from './fixtures';
import { bearer } from './identity';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

describe('the order lifecycle', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, alice, bob } = accounts;
  const db = () => accounts.t.db;

  const { call } = accounts;
  const act = (
    email: string | null,
    id: string,
    action: string,
    payload: object = {},
    key?: string,
  ) =>
    call(
      email,
      'POST',
      `/api/order/${id}/${action}`,
      payload,
      key ? { 'idempotency-key': key } : {},
    );

  /** An order of alice's for its own product (4 units at $49.99), unpaid. */
  async function placed(quantity = 4) {
    const product = await makeProduct(db(), { availableQuantity: 20 });
    const res = await call(alice, 'POST', '/api/order', orderBody(product.id, quantity));
    expect(res.statusCode).toBe(201);
    return { productId: product.id, id: res.json()._id as string };
  }

  /** The same, paid with the local provider's test card. */
  async function paid(quantity = 4) {
    const order = await placed(quantity);
    const intent = await call(alice, 'POST', '/api/create-Payment-Intent', { orderId: order.id });
    const confirm = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: intent.json().clientSecret, card },
    });
    expect(confirm.statusCode).toBe(200);
    return order;
  }

  const read = async (id: string) => (await call(admin, 'GET', `/api/order/${id}`)).json();

  it('ships, delivers, takes a return back with restock and refunds the rest, with its history', async () => {
    const { id, productId } = await paid();
    expect(await stockOf(db(), productId)).toBe(16);

    const shipped = await act(admin, id, 'ship', {
      carrier: 'DHL',
      trackingNumber: 'JD0146 0000 6281',
      trackingUrl: 'https://www.dhl.com/track?id=JD01460000',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      paid: true,
      shipment: { carrier: 'DHL', trackingNumber: 'JD0146 0000 6281', deliveredAt: null },
    });
    expect((await act(admin, id, 'deliver')).json().status).toBe('delivered');

    const asked = await act(alice, id, 'return', { reason: 'One tyre has a cut sidewall' });
    expect(asked.json().status).toBe('return_requested');
    await act(admin, id, 'refund', { amount: 20, reason: 'Goodwill' });

    const received = await act(admin, id, 'return', { received: true, restock: true });
    expect(received.json()).toMatchObject({ status: 'returned', refunded: 199.96 });
    expect(await stockOf(db(), productId)).toBe(20);

    const history = await call(alice, 'GET', `/api/order/${id}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().map((e: { action: string }) => e.action)).toEqual([
      'placed',
      'pay',
      'ship',
      'deliver',
      'requestReturn',
      'refund',
      'receiveReturn',
    ]);
    const events = history.json();
    expect(events[4]).toMatchObject({ by: 'shopper', note: 'One tyre has a cut sidewall' });
    expect(events[5]).toMatchObject({ by: 'admin', byEmail: null, amount: 20, note: 'Goodwill' });
    expect(events[6]).toMatchObject({ from: 'return_requested', to: 'returned', amount: 179.96 });
    // Admins see which admin acted.
    const forAdmin = (await call(admin, 'GET', `/api/order/${id}/history`)).json();
    expect(forAdmin[2]).toMatchObject({ by: 'admin', byEmail: admin });
  });

  it('cancels a paid order not shipped yet with a full refund and its stock back', async () => {
    const { id, productId } = await paid(2);
    const res = await act(alice, id, 'cancel', { reason: 'Ordered the wrong size' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paid: true, refunded: 99.98 });
    expect(await stockOf(db(), productId)).toBe(20);
    const [, , cancel] = (await call(alice, 'GET', `/api/order/${id}/history`)).json();
    expect(cancel).toMatchObject({
      action: 'cancel',
      from: 'paid',
      to: 'cancelled',
      amount: 99.98,
    });
  });

  it('cancels an unpaid order: its stock is back and it can no longer be paid', async () => {
    const { id, productId } = await placed(3);
    expect((await act(admin, id, 'cancel', {})).json()).toMatchObject({
      status: 'cancelled',
      refunded: 0,
    });
    expect(await stockOf(db(), productId)).toBe(20);
    const intent = await call(alice, 'POST', '/api/create-Payment-Intent', { orderId: id });
    expect(intent.statusCode).toBe(409);
    // A second cancel changes nothing and says why.
    const again = await act(alice, id, 'cancel', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is cancelled: it can no longer be cancelled.');
    expect(await stockOf(db(), productId)).toBe(20);
  });

  it('refuses every transition the table does not allow, with a sentence', async () => {
    const { id } = await paid(1);
    await act(admin, id, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const cancel = await act(alice, id, 'cancel', {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('This order has shipped: ask for a return instead.');
    const early = await act(alice, id, 'return', { reason: 'Too early' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'This order is shipped: only a delivered order can be returned.',
    );
    const badNumber = await act(admin, id, 'ship', { carrier: 'UPS', trackingNumber: 'AB1' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().message).not.toMatch(/body\./);
    expect(
      (await act(admin, id, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA1' })).statusCode,
    ).toBe(409);
    const receive = await act(admin, id, 'return', { received: true, restock: false });
    expect(receive.json().message).toBe('This order is shipped: no return was asked for it.');
  });

  it('keeps admin actions for admins and orders for their owners', async () => {
    const { id } = await paid(1);
    const ship = { carrier: 'DHL', trackingNumber: 'JD01460000' };
    expect((await act(alice, id, 'ship', ship)).statusCode).toBe(403);
    expect((await act(null, id, 'ship', ship)).statusCode).toBe(401);
    expect((await act(alice, id, 'refund', { amount: 1, reason: 'Because' })).statusCode).toBe(403);
    const bobs = await act(bob, id, 'cancel', {});
    expect(bobs.statusCode).toBe(403);
    expect(bobs.json().message).toBe(refusals.order.someoneElses);
    expect((await call(bob, 'GET', `/api/order/${id}/history`)).statusCode).toBe(403);
    await act(admin, id, 'ship', ship);
    await act(admin, id, 'deliver');
    // Only the shopper asks for a return; an admin receives it.
    const byAdmin = await act(admin, id, 'return', { reason: 'For them' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(refusals.lifecycle.ownerOnly);
    expect((await act(alice, id, 'return', {})).json().message).toBe(
      refusals.lifecycle.returnNeedsReason,
    );
    expect((await read(id)).status).toBe('delivered');
  });

  it('takes returns within 30 days of delivery only', async () => {
    const { id } = await paid(1);
    await act(admin, id, 'ship', { carrier: 'DHL', trackingNumber: 'JD01460000' });
    await act(admin, id, 'deliver');
    await db()
      .update(orders)
      .set({ deliveredAt: sql`now() - interval '31 days'` })
      .where(eq(orders.id, id));
    const late = await act(alice, id, 'return', { reason: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^Returns are accepted within 30 days of delivery/);
  });

  it('never refunds more than was paid, in whole cents', async () => {
    const { id } = await paid(2); // $99.98
    const refund = (amount: number) => act(admin, id, 'refund', { amount, reason: 'Damaged' });
    expect((await refund(10.015)).json().message).toBe(refusals.lifecycle.wholeCents);
    expect((await refund(0)).statusCode).toBe(400);
    expect((await refund(60.01)).json().refunded).toBe(60.01);
    const over = await refund(40);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('At most $39.97 can still be refunded on this order.');
    expect((await refund(39.97)).json().refunded).toBe(99.98);
    expect((await refund(0.01)).json().message).toBe(refusals.lifecycle.nothingLeftToRefund);
    const unpaid = await placed(1);
    expect((await act(admin, unpaid.id, 'refund', { amount: 1, reason: 'x' })).json().message).toBe(
      'This order was never paid: there is nothing to refund.',
    );
  });

  it('lets one of two admins acting at once win; the other gets 409', async () => {
    const { id } = await paid(1);
    const results = await Promise.all(
      ['JD00000001', 'JD00000002'].map((trackingNumber) =>
        act(admin, id, 'ship', { carrier: 'DHL', trackingNumber }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Two full refunds at once: one refunds, the other finds nothing left.
    const other = await paid(1);
    const refunds = await Promise.all(
      [1, 2].map(() => act(admin, other.id, 'refund', { amount: 49.99, reason: 'Twice' })),
    );
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await read(other.id)).refunded).toBe(49.99);
  });

  it('answers a repeated transition with the same Idempotency-Key once', async () => {
    const { id } = await paid(2);
    const key = `refund-${id.slice(0, 8)}`;
    const first = await act(admin, id, 'refund', { amount: 10, reason: 'Late' }, key);
    const again = await act(admin, id, 'refund', { amount: 10, reason: 'Late' }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await read(id)).refunded).toBe(10);
    // The same key with another amount is another request: refused, not answered as the first.
    const other = await act(admin, id, 'refund', { amount: 20, reason: 'Late' }, key);
    expect(other.statusCode).toBe(422);
    expect((await read(id)).refunded).toBe(10);
  });

  it('cancels a whole unpaid checkout with one of its orders', async () => {
    const [a, b] = await Promise.all([makeProduct(db()), makeProduct(db())]);
    for (const product of [a!, b!]) {
      await accounts.t.app.inject({
        method: 'PUT',
        url: `/api/bag/items/${product.id}`,
        headers: bearer(accounts.tokens[alice]!),
        payload: { quantity: 2 },
      });
    }
    const checkout = await call(alice, 'POST', '/api/checkout', {
      name: 'Maria K.',
      address: '12 Foundry Lane, Springfield',
      number: '555 0102',
    });
    expect(checkout.statusCode).toBe(201);
    const [first] = checkout.json().orders;
    expect((await act(alice, first._id, 'cancel', {})).statusCode).toBe(200);
    const statuses = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.checkoutId, checkout.json()._id));
    expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    expect(await stockOf(db(), a!.id)).toBe(100);
    expect(await stockOf(db(), b!.id)).toBe(100);
    const pay = await call(alice, 'POST', '/api/create-Payment-Intent', {
      checkoutId: checkout.json()._id,
    });
    expect(pay.statusCode).toBe(409);
  });

  it('lists orders for admins by status and search, a page at a time', async () => {
    const one = await paid(1);
    await act(admin, one.id, 'ship', { carrier: 'DHL', trackingNumber: 'JD01460000' });
    const list = async (query: string) => {
      const res = await call(admin, 'GET', `/api/order?${query}`);
      expect(res.statusCode).toBe(200);
      return {
        ids: res.json().map((o: { _id: string }) => o._id),
        total: res.headers['x-total-count'],
      };
    };
    expect((await list('status=shipped')).ids).toContain(one.id);
    expect((await list('status=paid')).ids).not.toContain(one.id);
    expect((await list(`q=${one.id}`)).ids).toEqual([one.id]);
    expect(
      (await list(`q=${encodeURIComponent(alice.slice(0, 12))}&status=shipped`)).ids,
    ).toContain(one.id);
    const page = await list('perPage=1&page=1');
    expect(page.ids).toHaveLength(1);
    expect(Number(page.total)).toBeGreaterThan(1);
    // Shoppers filter their own list only.
    const own = await call(
      alice,
      'GET',
      `/api/order?email=${encodeURIComponent(alice)}&status=shipped`,
    );
    expect(own.json()).toContainEqual(expect.objectContaining({ _id: one.id }));
    expect(new Set(own.json().map((o: { status: string }) => o.status))).toEqual(
      new Set(['shipped']),
    );
    expect((await call(alice, 'GET', '/api/order?status=bogus')).statusCode).toBe(400);
  });

  it("shows the admins' overview: what to ship, returns waiting and today's revenue", async () => {
    const before = (await call(admin, 'GET', '/api/admin/overview')).json();
    const toShip = await paid(1);
    const refunded = await paid(2);
    await act(admin, refunded.id, 'refund', { amount: 9.98, reason: 'Late' });
    const res = await call(admin, 'GET', '/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview.toShip.map((o: { _id: string }) => o._id)).toContain(toShip.id);
    // The work queue shows when each order was paid.
    const queued = overview.toShip.find((o: { _id: string }) => o._id === toShip.id);
    expect(Date.parse(queued.paidAt)).toBeGreaterThan(Date.parse(queued.createdAt) - 1);
    expect(overview.revenue).toHaveLength(30);
    const today = overview.revenue.at(-1);
    const was = before.revenue.at(-1);
    expect(today.day).toBe(was.day);
    expect(Math.round((today.paid - was.paid) * 100)).toBe(4999 + 9998);
    expect(Math.round((today.refunded - was.refunded) * 100)).toBe(998);
    expect((await call(alice, 'GET', '/api/admin/overview')).statusCode).toBe(403);
  });

  it('has a refusal sentence for every status an action is refused in', () => {
    for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[]) {
      for (const status of ORDER_STATUSES) {
        const sentence = refusals.lifecycle.notNow(action, status);
        expect(sentence).toMatch(/^This order .+\.$/);
        expect(sentence).not.toMatch(/_/);
      }
    }
  });
});
