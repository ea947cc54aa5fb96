import { randomUUID } from 'node:crypto';
import { issuedGuestBrowser } from './guestBrowser';
import { eq } from 'drizzle-orm';
import type { Appointment, Slots } from '../../contract/appointments';
import type { Checkout } from '../../contract/checkout';
import type { FittingCentre, FittingCentreBody, NearCentres } from '../../contract/fittingCentres';
import { appointmentWords } from '../src/appointments/appointmentWords';
import { addDays } from '../src/appointments/centreTime';
import { placeProduct, setStockPlace } from '../src/appointments/stockPlaces';
import { products } from '../src/db/schema';
import { seedCentres } from '../src/fittingCentres/centreSeed';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct } from './fixtures';

/**
 * The shopper's side of fitting appointments (issue 48): centres found for the tyres in the bag,
 * the checkout answering its appointment, the calendar file, and a guest's appointment by key.
 */

const contact = { name: 'Maria K.', address: 'At the centre', number: '555 0102' };
const everyDay = (opens: string, closes: string) =>
  Array.from({ length: 7 }, () => ({ opens, closes }));
const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('fitting appointments, the shopper’s side', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call, admin } = accounts;
  const db = () => accounts.t.db;
  let counter = 0;

  async function aCentre(over: Partial<FittingCentreBody> = {}): Promise<FittingCentre> {
    counter += 1;
    const res = await call(admin, 'POST', '/api/fitting-centres', {
      ...seedCentres[0]!,
      code: `SHOPPER-${counter}`,
      timeZone: 'UTC',
      hours: everyDay('08:00', '12:00'),
      bays: 2,
      ...over,
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  async function shelfTyre(centre: FittingCentre, tyre: { rim?: number; runFlat?: boolean } = {}) {
    const product = await makeProduct(db());
    await db()
      .update(products)
      .set({ category: 'tyre', rim: tyre.rim ?? 17, runFlat: tyre.runFlat ?? false })
      .where(eq(products.id, product.id));
    const code = `SHELF-${centre.code}`;
    await setStockPlace(db(), { code, name: 'Shelf', centreId: centre._id });
    await placeProduct(db(), product.id, code);
    return product;
  }

  const firstSlot = async (centre: FittingCentre, productId: string, day: string) => {
    const res = await call(
      null,
      'GET',
      `/api/fitting-centres/${centre._id}/slots?job=four&from=${day}&days=1&day=${day}&products=${productId}`,
    );
    return (res.json() as Slots).day!.slots.map((slot) => slot.startsAt);
  };

  it('offers only the centres that can fit the bag’s tyres, and says what it checked', async () => {
    const centre = await aCentre();
    const tyre = await shelfTyre(centre, { rim: 19, runFlat: true });
    const res = await call(
      null,
      'GET',
      `/api/fitting-centres/near?postcode=10003&country=US&products=${tyre.id}&limit=20`,
    );
    expect(res.statusCode).toBe(200);
    const near = res.json() as NearCentres;
    expect(near.needs).toMatchObject({ rim: 19, runFlat: true });
    expect(near.offered.length).toBeGreaterThan(0);
    for (const { centre: offered } of near.offered) {
      expect(offered.capabilities.maxRim).toBeGreaterThanOrEqual(19);
      expect(offered.capabilities.runFlat).toBe(true);
    }
    // Brooklyn fits up to 18 inches and no run-flats: left out, with why.
    const brooklyn = near.leftOut.find((line) => line.centre.code === 'NYC-BROOKLYN');
    expect(brooklyn?.reasons).toEqual([
      'It fits rims up to 18 inches; these tyres are for 19-inch rims.',
      'It does not fit run-flat tyres.',
    ]);
    // No tyre named: nothing is needed of the centre.
    const plain = (
      await call(null, 'GET', '/api/fitting-centres/near?postcode=10003&country=US')
    ).json() as NearCentres;
    expect(plain.needs).toEqual({ runFlat: false, tpms: false, highPerformance: false });
  });

  it('answers the checkout with its appointment and gives its calendar file', async () => {
    const centre = await aCentre({ name: 'Calendar Garage' });
    const tyre = await shelfTyre(centre);
    const [startsAt] = await firstSlot(centre, tyre.id, addDays(todayUtc(), 3));
    await call(accounts.alice, 'PUT', `/api/bag/items/${tyre.id}`, { quantity: 4 });
    const placed = await call(accounts.alice, 'POST', '/api/checkout', {
      ...contact,
      appointment: { centreId: centre._id, startsAt, job: 'four' },
    });
    expect(placed.statusCode).toBe(201);
    const checkout = placed.json() as Checkout;
    expect(checkout.appointment).toMatchObject({
      startsAt,
      status: 'booked',
      centre: { name: 'Calendar Garage', street: centre.street },
    });
    const id = checkout.appointment!._id;
    const ics = await call(accounts.alice, 'GET', `/api/appointments/${id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('LOCATION:Calendar Garage');
    expect(
      (await call(accounts.bob, 'GET', `/api/appointments/${id}/calendar.ics`)).statusCode,
    ).toBe(403);
    // A checkout without one says so.
    const other = await makeProduct(db());
    await call(accounts.bob, 'PUT', `/api/bag/items/${other.id}`, { quantity: 1 });
    const delivered = await call(accounts.bob, 'POST', '/api/checkout', contact);
    expect(delivered.json().appointment).toBeNull();
  });

  it('books a guest’s appointment and lets the link’s key move it, cancel it and get its file', async () => {
    const centre = await aCentre({ bays: 1 });
    const tyre = await shelfTyre(centre);
    const day = addDays(todayUtc(), 4);
    const offered = await firstSlot(centre, tyre.id, day);
    const [first, second] = [offered[0]!, offered.at(-1)!];
    const placed = await call(
      null,
      'POST',
      '/api/guest/checkout',
      {
        ...contact,
        email: `guest-${randomUUID()}@example.com`,
        items: [{ productId: tyre.id, quantity: 4 }],
        appointment: { centreId: centre._id, startsAt: first, job: 'four' },
      },
      { 'guest-browser': issuedGuestBrowser() },
    );
    expect(placed.statusCode).toBe(201);
    const { checkout, key } = placed.json() as { checkout: Checkout; key: string };
    expect(checkout.appointment).toMatchObject({ startsAt: first, status: 'booked' });
    const withKey = { 'guest-key': key };
    const base = `/api/guest/checkout/${checkout._id}/appointment`;

    expect((await call(null, 'PATCH', base, { startsAt: second })).statusCode).toBe(400);
    const wrongKey = await call(
      null,
      'PATCH',
      base,
      { startsAt: second },
      { 'guest-key': 'x'.repeat(40) },
    );
    expect(wrongKey.statusCode).toBe(401);

    const moved = await call(null, 'PATCH', base, { startsAt: second }, withKey);
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Appointment).startsAt).toBe(second);
    // The bay is taken at the new time, free again at the old.
    const now = await firstSlot(centre, tyre.id, day);
    expect(now).toContain(first);
    expect(now).not.toContain(second);

    const ics = await call(null, 'GET', `${base}.ics`, undefined, withKey);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VEVENT');

    const cancelled = await call(null, 'POST', `${base}/cancel`, undefined, withKey);
    expect(cancelled.json().status).toBe('cancelled');
    const again = await call(null, 'PATCH', base, { startsAt: first }, withKey);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(appointmentWords.notChangeable('cancelled'));
  });
});
