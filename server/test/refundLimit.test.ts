import { and, eq, ne, sql } from 'drizzle-orm';
import { refunds } from '../src/db/schema';
import { refusals } from '../src/refusals';
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
});
