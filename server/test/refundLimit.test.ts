import { and, eq, ne, sql } from 'drizzle-orm';
import { refunds } from '../src/db/schema';
import { refusals } from '../src/refusals';
import { TEST_CARD } from './accounts';
import { makeProduct } from './fixtures';
import { appToken, uniqueEmail } from './identity';
import { withStaff } from './staffAccounts';

describe("a refunds person's limit", () => {
  const staff = withStaff();
  const { people, call } = staff;

  /** A paid order of alice's for $199.96 (4 × $49.99). */
  const paidOrder = () => staff.paidOrder(4);

  const givenBy = async (email: string) => {
    const [row] = await staff.t.db
      .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
      .from(refunds)
      .where(
        and(
          ne(refunds.status, 'failed'),
          eq(
            refunds.requestedBy,
            sql`(select id from users where email = ${email} and deleted_at is null)`,
          ),
        ),
      );
    return Number(row?.cents ?? 0);
  };

  it('holds under 12 refunds racing on 6 orders: exactly what fits is given', async () => {
    const set = await call(people.owner, 'PUT', `/api/staff/${people.refunds}`, {
      roles: ['refunds'],
      refundLimit: 100,
    });
    expect(set.statusCode).toBe(200);
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    const answers = await Promise.all(
      orders.flatMap((id) =>
        [1, 2].map(() =>
          call(people.refunds, 'POST', `/api/order/${id}/refund`, { amount: 30, reason: 'Late' }),
        ),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    const refused = answers.find((res) => res.statusCode === 403)!;
    expect(refused.json().message).toBe(
      refusals.staff.refundOverLimit('$100.00', '$90.00', '$10.00', 24),
    );
    expect(await givenBy(people.refunds)).toBe(9000);

    const fits = await call(people.refunds, 'POST', `/api/order/${orders[0]}/refund`, {
      amount: 10,
      reason: 'The last of it',
    });
    expect(fits.statusCode).toBe(200);
    expect(await givenBy(people.refunds)).toBe(10000);
    const me = await call(people.refunds, 'GET', '/api/staff/me');
    expect(me.json()).toMatchObject({ refundLimit: 100 });
  });

  it('does not limit the owner or an admin', async () => {
    const id = await paidOrder();
    const res = await call(people.admin, 'POST', `/api/order/${id}/refund`, {
      amount: 150,
      reason: 'Goodwill',
    });
    expect(res.statusCode).toBe(200);
  });

  it("counts a refund in another currency at its market's conversion rule, in dollars", async () => {
    const { t } = staff;
    const clerk = uniqueEmail('clerk');
    staff.tokens[clerk] = await appToken(t.app, clerk, { verified: true });
    const given = await call(people.owner, 'PUT', `/api/staff/${clerk}`, {
      roles: ['refunds'],
      refundLimit: 100,
    });
    expect(given.statusCode).toBe(200);
    // A German order: one product at its own €92.00 and the market's delivery.
    const product = await makeProduct(t.db, { availableQuantity: 5 });
    const priced = await call(people.owner, 'PUT', `/api/markets/DE/prices/${product.id}`, {
      minor: 9200,
    });
    expect(priced.statusCode).toBe(204);
    const bagged = await call(staff.alice, 'PUT', `/api/bag/items/${product.id}`, { quantity: 1 });
    expect(bagged.statusCode).toBe(200);
    const checkout = await call(staff.alice, 'POST', '/api/checkout', {
      name: 'Maria K.',
      address: 'Hauptstraße 1, 10115 Berlin',
      number: '+49 30 1234567',
      country: 'DE',
    });
    expect(checkout.statusCode).toBe(201);
    const intent = await call(staff.alice, 'POST', '/api/create-Payment-Intent', {
      checkoutId: checkout.json()._id,
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: intent.json().clientSecret, card: TEST_CARD },
    });
    expect(paid.statusCode).toBe(200);
    const orderId = checkout.json().orders[0]._id as string;

    // €92.00 at 0.92 a dollar is exactly $100.00: the whole limit, and no more.
    const fits = await call(clerk, 'POST', `/api/order/${orderId}/refund`, {
      amount: 92,
      reason: 'Arrived late',
    });
    expect(fits.statusCode).toBe(200);
    // €0.01 / 0.92 = $0.0109, rounded up to $0.02.
    const over = await call(clerk, 'POST', `/api/order/${orderId}/refund`, {
      amount: 0.01,
      reason: 'One cent more',
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe(
      `${refusals.staff.refundOverLimit('$100.00', '$100.00', '$0.00', 24)} ` +
        refusals.staff.refundCountsAs('€0.01', '$0.02'),
    );
  });
});
