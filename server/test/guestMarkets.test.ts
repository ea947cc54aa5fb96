import { issuedGuestBrowser } from './guestBrowser';
import { eq } from 'drizzle-orm';
import type { Slots } from '../../contract/appointments';
import { appointments } from '../src/appointments/appointmentSchema';
import { orders } from '../src/db/schema';
import { callAs } from './calls';
import { tyreAndPart } from './fixtures';
import { uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/**
 * Attack: a shopper of a taxed market checks out as a guest instead of signed in, naming the
 * same country, to pay the spec's dollar prices without the market's tax and fees (and a
 * fitting appointment chosen there would be dropped unbooked). A guest's checkout is priced,
 * taxed and booked by the same machine as an account's (issue 47).
 */
describe('a guest checkout in a market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const contact = { name: 'Maria K.', address: '12 Foundry Lane, Springfield', number: '555 0102' };

  const guestCheckOut = (body: object) =>
    callAs(
      t,
      null,
      'POST',
      '/api/guest/checkout',
      { ...contact, email: uniqueEmail('guest'), ...body },
      { 'guest-browser': issuedGuestBrowser() },
    );

  it('adds California sales tax and its tyre fee, as for an account (markets.test.ts)', async () => {
    const { tyre, part } = await tyreAndPart(t.db);
    const res = await guestCheckOut({
      country: 'US',
      region: 'CA',
      items: [
        { productId: tyre.id, quantity: 4 },
        { productId: part.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { checkout } = res.json();
    // $358.00 + $7.00 tyre fee + $29.99 + $9.95 delivery, plus $28.13 tax.
    expect(checkout.pricing).toMatchObject({ currency: 'USD', totalMinor: 43307 });
    expect(checkout.total).toBe(433.07);
  });

  it('prices a German guest in euros, and refuses a US guest without a state', async () => {
    const { tyre } = await tyreAndPart(t.db);
    const items = [{ productId: tyre.id, quantity: 4 }];
    const de = await guestCheckOut({ country: 'DE', items });
    expect(de.statusCode).toBe(201);
    expect(de.json().checkout.pricing).toMatchObject({ currency: 'EUR' });
    const placed = await t.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, de.json().checkout._id));
    expect(placed.map((o) => [o.currency, o.priceCents])).toEqual([['EUR', 8199]]);

    const noState = await guestCheckOut({ country: 'US', items });
    expect(noState.statusCode).toBe(400);
  });

  it('books the fitting appointment a guest chose, or places nothing', async () => {
    const { tyre } = await tyreAndPart(t.db);
    const centres = (await callAs(t, null, 'GET', '/api/fitting-centres')).json() as {
      _id: string;
      country: string;
    }[];
    const centre = centres.find((c) => c.country === 'US')!;
    const slots = await callAs(
      t,
      null,
      'GET',
      `/api/fitting-centres/${centre._id}/slots?job=four&products=${tyre.id}&days=14`,
    );
    expect(slots.statusCode).toBe(200);
    const slot = (slots.json() as Slots).day!.slots[0]!;
    const res = await guestCheckOut({
      appointment: { centreId: centre._id, job: 'four', startsAt: slot.startsAt },
      items: [{ productId: tyre.id, quantity: 4 }],
    });
    expect(res.statusCode).toBe(201);
    const booked = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.checkoutId, res.json().checkout._id));
    expect(booked).toHaveLength(1);
  });
});
