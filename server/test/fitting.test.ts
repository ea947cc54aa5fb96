import { eq } from 'drizzle-orm';
import { FITTING_DAYS_AHEAD } from '../../contract/fitting';
import { checkouts, orders, users } from '../src/db/schema';
import { dayAfter, todayIn } from '../src/fitting/fittingTable';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct } from './fixtures';

describe('fitting days are calendar days in the shop’s time zone', () => {
  it('takes today from the zone, not from UTC', () => {
    const lateEvening = new Date('2026-11-25T23:30:00Z');
    expect(todayIn('Europe/Warsaw', lateEvening)).toBe('2026-11-26');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-25');
  });

  it('counts days across months and years, with their weekdays', () => {
    expect(dayAfter('2026-02-28', 1)).toEqual({ date: '2026-03-01', weekday: 0 });
    expect(dayAfter('2026-12-31', 1)).toEqual({ date: '2027-01-01', weekday: 5 });
    expect(dayAfter('2026-03-28', 2)).toEqual({ date: '2026-03-30', weekday: 1 });
  });
});

describe('fitting days and the week’s places', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call } = accounts;
  const days = async () => {
    const res = await call(null, 'GET', '/api/fitting-days');
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ date: string; weekday: number; places: number }>;
  };

  /** A checkout for a fitting day with one order, as checkout will write them. */
  async function book(day: string, order: { paid?: boolean; holdMinutes: number }) {
    const { db } = accounts.t;
    const [user] = await db.select().from(users).where(eq(users.email, accounts.alice));
    const product = await makeProduct(db);
    const [checkout] = await db
      .insert(checkouts)
      .values({ userId: user!.id, fittingDate: day, totalCents: 4999 })
      .returning();
    await db.insert(orders).values({
      productId: product.id,
      userId: user!.id,
      productName: product.name,
      priceCents: 4999,
      name: 'Maria K.',
      email: accounts.alice,
      address: 'At the shop',
      number: '+1 555 010 2030',
      quantity: 1,
      paid: order.paid ?? false,
      transactionId: order.paid ? 'pi_test_paid' : null,
      holdUntil: new Date(Date.now() + order.holdMinutes * 60_000),
      checkoutId: checkout!.id,
      fittingDate: day,
    });
  }

  it('lists the next days from tomorrow with the places of the default week', async () => {
    const list = await days();
    expect(list).toHaveLength(FITTING_DAYS_AHEAD);
    const today = todayIn('Europe/Warsaw');
    expect(list[0]!.date).toBe(dayAfter(today, 1).date);
    expect(list.at(-1)!.date).toBe(dayAfter(today, FITTING_DAYS_AHEAD).date);
    const week = [0, 8, 8, 8, 8, 8, 4];
    for (const day of list) expect(day.places).toBe(week[day.weekday]);
  });

  it('takes a place for each live or paid checkout of the day, and none for a lapsed one', async () => {
    const monday = (await days()).find((day) => day.weekday === 1)!;
    await book(monday.date, { holdMinutes: 30 });
    await book(monday.date, { paid: true, holdMinutes: -60 });
    await book(monday.date, { holdMinutes: -1 });
    const after = (await days()).find((day) => day.date === monday.date)!;
    expect(after.places).toBe(monday.places - 2);
  });

  it('lets an admin change the week, and no one else', async () => {
    const week = { places: [0, 2, 2, 2, 2, 0, 6] };
    expect((await call(accounts.bob, 'PUT', '/api/fitting-schedule', week)).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/api/fitting-schedule', week)).statusCode).toBe(401);
    const res = await call(accounts.admin, 'PUT', '/api/fitting-schedule', week);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(week);
    expect((await call(accounts.admin, 'GET', '/api/fitting-schedule')).json()).toEqual(week);
    for (const day of await days()) {
      if (day.weekday !== 1) expect(day.places).toBe(week.places[day.weekday]);
    }
  });

  it.each([
    [[1, 2, 3], 'Places per weekday must give a number for each of the seven days, Sunday first.'],
    [[0, 8, 8, 8, 8, 8, -1], 'Places must be 0 or more.'],
    [[0, 8, 8, 8, 8, 8, 1.5], 'Places must be a whole number.'],
  ])('refuses the week %p in words', async (places, message) => {
    const res = await call(accounts.admin, 'PUT', '/api/fitting-schedule', { places });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
