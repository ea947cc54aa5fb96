import { eq, inArray, sql } from 'drizzle-orm';
import type { Appointment, FitterDay, Slots } from '../../contract/appointments';
import { MAX_UNPAID_FITTINGS } from '../../contract/fitting';
import type { DayHours, FittingCentre, FittingCentreBody } from '../../contract/fittingCentres';
import { appointments } from '../src/appointments/appointmentSchema';
import { appointmentWords } from '../src/appointments/appointmentWords';
import { addDays } from '../src/appointments/centreTime';
import { placeProduct, setLeadTime, setStockPlace } from '../src/appointments/stockPlaces';
import { emails, orders, products } from '../src/db/schema';
import type { EmailData } from '../src/emails/emailTable';
import { attachmentsOf } from '../src/emails/fittingCalendar';
import { queueFittingReminders } from '../src/emails/fittingReminders';
import { renderEmail } from '../src/emails/templates';
import { seedCentres } from '../src/fittingCentres/centreSeed';
import { centreWords } from '../src/fittingCentres/centreWords';
import { refusals } from '../src/refusals';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct, stockOf } from './fixtures';
import { appToken, uniqueEmail } from './identity';

const contact = { name: 'Maria K.', address: 'At the centre', number: '555 0102' };
const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
};
const everyDay = (opens: string, closes: string) =>
  Array.from({ length: 7 }, () => ({ opens, closes }));
const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('fitting appointments', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call, admin } = accounts;
  const db = () => accounts.t.db;
  let counter = 0;

  const newShopper = async (name: string) => {
    const email = uniqueEmail(name);
    accounts.tokens[email] = await appToken(accounts.t.app, email, { verified: true });
    return email;
  };

  /** A centre of its own for a test: one bay, 08:00–12:00 every day, in UTC. */
  async function aCentre(over: Partial<FittingCentreBody> = {}): Promise<FittingCentre> {
    counter += 1;
    const body: FittingCentreBody = {
      ...seedCentres[0]!,
      code: `SLOTS-${counter}`,
      timeZone: 'UTC',
      hours: everyDay('08:00', '12:00'),
      bays: 1,
      ...over,
    };
    const res = await call(admin, 'POST', '/api/fitting-centres', body);
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  /** Keeps the product on the centre's own shelf: its tyres are there at once. */
  async function shelveAt(centre: FittingCentre, productId: string) {
    await setStockPlace(db(), {
      code: `SHELF-${centre.code}`,
      name: 'Shelf',
      centreId: centre._id,
    });
    await placeProduct(db(), productId, `SHELF-${centre.code}`);
  }

  /** A product kept on the centre's own shelf. */
  async function shelfProduct(centre: FittingCentre) {
    const product = await makeProduct(db());
    await shelveAt(centre, product.id);
    return product;
  }

  const slots = async (centre: FittingCentre, query: string) => {
    const res = await call(null, 'GET', `/api/fitting-centres/${centre._id}/slots?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Slots;
  };
  const startsOn = async (centre: FittingCentre, day: string, productId: string) =>
    (
      await slots(centre, `job=four&from=${day}&days=1&day=${day}&products=${productId}`)
    ).day!.slots.map((slot) => slot.startsAt);

  async function checkOut(email: string, productId: string, appointment: object) {
    await call(email, 'PUT', `/api/bag/items/${productId}`, { quantity: 4 });
    return call(email, 'POST', '/api/checkout', { ...contact, appointment });
  }

  async function pay(email: string, checkoutId: string) {
    const intent = await call(email, 'POST', '/api/create-Payment-Intent', {
      checkoutId,
      price: 1,
    });
    const paid = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: intent.json().clientSecret, card },
    });
    expect(paid.statusCode).toBe(200);
  }

  const myAppointments = async (email: string) =>
    (await call(email, 'GET', '/api/appointments')).json() as Appointment[];

  it('offers slots only from the day the tyres can be at the centre', async () => {
    const centre = await aCentre();
    const product = await makeProduct(db());
    await placeProduct(db(), product.id, 'MAIN');
    await setLeadTime(db(), 'MAIN', centre._id, 2);
    const fromWarehouse = await slots(centre, `job=four&days=4&products=${product.id}`);
    expect(fromWarehouse.minutes).toBe(60);
    expect(fromWarehouse.earliest).toBe(`${addDays(todayUtc(), 2)}T00:00:00.000Z`);
    expect(fromWarehouse.days[1]).toMatchObject({
      free: 0,
      why: appointmentWords.why.tyresLater,
    });
    // 08:00 to 11:00 on the quarter hour: a set of four takes an hour. The answer lists the
    // times of the first day with any, unless asked for another.
    expect(fromWarehouse.days[2]!.free).toBe(13);
    expect(fromWarehouse.day!.date).toBe(fromWarehouse.days[2]!.date);
    expect(fromWarehouse.day!.slots.map((s) => s.time)).toEqual(
      Array.from({ length: 13 }, (_, i) => {
        const minute = 8 * 60 + i * 15;
        return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      }),
    );
    // TPMS service adds a quarter of an hour; a pair takes half an hour.
    expect((await slots(centre, 'job=four&tpms=true')).minutes).toBe(75);
    expect((await slots(centre, 'job=pair')).minutes).toBe(30);

    const onShelf = await shelfProduct(centre);
    const atOnce = await slots(centre, `job=four&days=2&products=${onShelf.id}`);
    expect(atOnce.days[1]!.free).toBe(13);
    // Both: the slowest decides.
    const both = await slots(centre, `job=four&days=2&products=${onShelf.id},${product.id}`);
    expect(both.days[1]!.why).toBe(appointmentWords.why.tyresLater);
  });

  it('lists one day’s times: the day asked, else the first day with a free time', async () => {
    const centre = await aCentre({ hours: everyDay('08:00', '10:00') });
    const from = addDays(todayUtc(), 3);
    const next = addDays(from, 1);
    const asked = await slots(centre, `job=pair&from=${from}&days=3&day=${next}`);
    expect(asked.days.map((day) => day.free)).toEqual([7, 7, 7]);
    expect(asked.day!.date).toBe(next);
    expect(asked.day!.slots.map((slot) => slot.time)).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
      '09:30',
    ]);
    expect(asked.day!.slots[0]).toEqual({
      startsAt: `${next}T08:00:00.000Z`,
      endsAt: `${next}T08:30:00.000Z`,
      time: '08:00',
    });
    const unlisted = await slots(centre, `job=pair&from=${from}&days=3&day=${addDays(from, 9)}`);
    expect(unlisted.day!.date).toBe(from);
  });

  it('follows the centre’s closed days', async () => {
    const closed = addDays(todayUtc(), 3);
    const centre = await aCentre({ closedDays: [closed] });
    const list = await slots(centre, `job=pair&from=${closed}&days=2`);
    expect(list.days[0]).toMatchObject({
      date: closed,
      free: 0,
      why: appointmentWords.why.closedDay,
    });
    expect(list.days[1]!.free).toBeGreaterThan(0);
    expect(list.day).toMatchObject({ date: list.days[1]!.date });
    expect(list.day!.slots).toHaveLength(list.days[1]!.free);
  });

  it('offers times within each weekday’s hours on the centre’s clock, and says why a day has none', async () => {
    const [closedWeekday, shortDay, openDay] = [3, 4, 5].map((n) => addDays(todayUtc(), n));
    const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
    const hours: DayHours[] = everyDay('08:00', '12:00');
    hours[weekday(closedWeekday!)] = null;
    hours[weekday(shortDay!)] = { opens: '09:00', closes: '09:45' };
    hours[weekday(openDay!)] = { opens: '09:00', closes: '10:30' };
    const centre = await aCentre({ hours, timeZone: 'America/New_York' });
    const list = await slots(centre, `job=four&from=${closedWeekday}&days=3`);
    expect(list.days.map((day) => [day.date, day.why])).toEqual([
      [closedWeekday, appointmentWords.why.closedWeekday],
      [shortDay, appointmentWords.why.tooShort],
      [openDay, null],
    ]);
    // A set of four takes an hour: 09:00 to 09:30 start, on New York's clock.
    expect(list.day!.date).toBe(openDay);
    const open = list.day!.slots;
    expect(open.map((slot) => slot.time)).toEqual(['09:00', '09:15', '09:30']);
    const newYork = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(newYork.format(new Date(open[0]!.startsAt))).toBe('09:00');
    expect(newYork.format(new Date(open[2]!.endsAt))).toBe('10:30');
  });

  it('refuses a checkout at a centre that cannot fit its tyres, in words, holding nothing', async () => {
    const centre = await aCentre({
      capabilities: { maxRim: 18, runFlat: false, tpms: false, highPerformance: false },
    });
    const product = await shelfProduct(centre);
    await db().update(products).set({ rim: 19, runFlat: true }).where(eq(products.id, product.id));
    const [startsAt] = await startsOn(centre, addDays(todayUtc(), 3), product.id);
    const shopper = await newShopper('uncapable');
    const res = await checkOut(shopper, product.id, {
      centreId: centre._id,
      startsAt,
      job: 'four',
      tpms: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: appointmentWords.cannotFit(centre.name, [
        centreWords.cannotFit.rim(18, 19),
        centreWords.cannotFit.runFlat,
        centreWords.cannotFit.tpms,
      ]),
      field: 'centreId',
    });
    expect(await stockOf(db(), product.id)).toBe(100);
    expect(await myAppointments(shopper)).toEqual([]);
  });

  it('gives the last slot to one of many shoppers racing for it, and nothing to the rest', async () => {
    const centre = await aCentre({ hours: everyDay('08:00', '09:00') });
    const product = await shelfProduct(centre);
    const day = addDays(todayUtc(), 3);
    const [only] = await startsOn(centre, day, product.id);
    expect(only).toBe(`${day}T08:00:00.000Z`);
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => newShopper(`racer${i}`)),
    );
    const answers = await Promise.all(
      shoppers.map((email) =>
        checkOut(email, product.id, { centreId: centre._id, startsAt: only, job: 'four' }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 201)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json().message).toBe(appointmentWords.slotGone);
    }
    // The losers' checkouts were undone whole: only the winner's four tyres are held.
    expect(await stockOf(db(), product.id)).toBe(100 - 4);
    expect(await startsOn(centre, day, product.id)).toEqual([]);
    const rows = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.centreId, centre._id));
    expect(rows).toHaveLength(1);
  });

  it('gives each bay of a time to one of 100 shoppers booking at once, and no bay twice', async () => {
    const centre = await aCentre({ bays: 5 });
    const product = await makeProduct(db(), { availableQuantity: 10_000 });
    await shelveAt(centre, product.id);
    const day = addDays(todayUtc(), 3);
    const [contested] = await startsOn(centre, day, product.id);
    const shoppers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => newShopper(`crowd${i}`)),
    );
    await Promise.all(
      shoppers.map((email) => call(email, 'PUT', `/api/bag/items/${product.id}`, { quantity: 4 })),
    );
    const answers = await Promise.all(
      shoppers.map((email) =>
        call(email, 'POST', '/api/checkout', {
          ...contact,
          appointment: { centreId: centre._id, startsAt: contested, job: 'four' },
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(5);
    for (const lost of answers.filter((a) => a.statusCode !== 201)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json().message).toBe(appointmentWords.slotGone);
    }
    const rows = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.centreId, centre._id));
    expect(rows.map((row) => row.bay).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(rows.every((row) => row.startsAt.toISOString() === contested)).toBe(true);
    expect(await stockOf(db(), product.id)).toBe(10_000 - 5 * 4);
  });

  it('books at two centres while orders of the same tyre come in: each answered, stock taken once', async () => {
    // The bay is taken under its centre's lock before the checkout locks its products, and an
    // order takes the product alone: no two of them wait for each other in a circle.
    const centres = [await aCentre({ bays: 5 }), await aCentre({ bays: 5 })];
    const product = await makeProduct(db(), { availableQuantity: 10_000 });
    for (const centre of centres) await shelveAt(centre, product.id);
    const day = addDays(todayUtc(), 3);
    const times = await Promise.all(centres.map((centre) => startsOn(centre, day, product.id)));
    const bookers = await Promise.all(Array.from({ length: 10 }, (_, i) => newShopper(`two${i}`)));
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => newShopper(`one${i}`)));
    await Promise.all(
      bookers.map((email) => call(email, 'PUT', `/api/bag/items/${product.id}`, { quantity: 4 })),
    );
    const [booked, ordered] = await Promise.all([
      Promise.all(
        bookers.map((email, i) =>
          call(email, 'POST', '/api/checkout', {
            ...contact,
            appointment: { centreId: centres[i % 2]!._id, startsAt: times[i % 2]![0], job: 'four' },
          }),
        ),
      ),
      Promise.all(
        buyers.map((email) =>
          call(email, 'POST', '/api/order', { ...contact, productId: product.id, quantity: 2 }),
        ),
      ),
    ]);
    expect(booked.map((a) => a.statusCode)).toEqual(bookers.map(() => 201));
    expect(ordered.map((a) => a.statusCode)).toEqual(buyers.map(() => 201));
    expect(await stockOf(db(), product.id)).toBe(10_000 - 10 * 4 - 10 * 2);
    const rows = await db()
      .select()
      .from(appointments)
      .where(
        inArray(
          appointments.centreId,
          centres.map((centre) => centre._id),
        ),
      );
    expect(rows).toHaveLength(10);
  });

  it('holds an unpaid checkout’s slot briefly, counted toward the account’s limit', async () => {
    const centre = await aCentre();
    const product = await shelfProduct(centre);
    const day = addDays(todayUtc(), 3);
    const [first, second] = await startsOn(centre, day, product.id);
    const hoarder = await newShopper('hoarder');
    const booked = await checkOut(hoarder, product.id, {
      centreId: centre._id,
      startsAt: first,
      job: 'four',
    });
    expect(booked.statusCode).toBe(201);
    expect(await startsOn(centre, day, product.id)).not.toContain(first);

    const again = await checkOut(hoarder, product.id, {
      centreId: centre._id,
      startsAt: second,
      job: 'four',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(refusals.checkout.unpaidFittings(MAX_UNPAID_FITTINGS, [day]));
    // A checkout without a fitting is not limited by it.
    const delivery = await call(hoarder, 'POST', '/api/checkout', contact);
    expect(delivery.statusCode).toBe(201);

    // The hold runs out unpaid: the slot is free again at once, and the account may book.
    await db()
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.checkoutId, booked.json()._id));
    expect(await startsOn(centre, day, product.id)).toContain(first);
    const rebooked = await checkOut(hoarder, product.id, {
      centreId: centre._id,
      startsAt: first,
      job: 'four',
    });
    expect(rebooked.statusCode).toBe(201);
  });

  it('refuses a time that is not one of the centre’s slots', async () => {
    const centre = await aCentre();
    const product = await shelfProduct(centre);
    const shopper = await newShopper('offhours');
    const day = addDays(todayUtc(), 3);
    for (const startsAt of [
      `${day}T07:00:00.000Z`,
      `${day}T08:05:00.000Z`,
      `${day}T11:30:00.000Z`,
    ]) {
      const res = await checkOut(shopper, product.id, {
        centreId: centre._id,
        startsAt,
        job: 'four',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(appointmentWords.notSlot);
    }
    const both = await call(shopper, 'POST', '/api/checkout', {
      ...contact,
      fitting: day,
      appointment: { centreId: centre._id, startsAt: `${day}T08:00:00.000Z`, job: 'four' },
    });
    expect(both.statusCode).toBe(400);
  });

  it('prices and taxes a fitting where the centre is, whatever country and state the form names', async () => {
    const day = addDays(todayUtc(), 3);
    const priced = async (place: (centre: FittingCentreBody) => boolean) => {
      const { code: _code, ...seeded } = seedCentres.find(place)!;
      const centre = await aCentre({
        ...seeded,
        timeZone: 'UTC',
        hours: everyDay('08:00', '12:00'),
      });
      const product = await shelfProduct(centre);
      const [startsAt] = await startsOn(centre, day, product.id);
      const shopper = await newShopper('supplied');
      await call(shopper, 'PUT', `/api/bag/items/${product.id}`, { quantity: 4 });
      const res = await call(shopper, 'POST', '/api/checkout', {
        ...contact,
        // Oregon has no sales tax.
        country: 'US',
        region: 'OR',
        appointment: { centreId: centre._id, startsAt, job: 'four' },
      });
      expect(res.statusCode).toBe(201);
      return res.json().pricing as { currency: string; taxes: Array<{ rate: number }> };
    };
    const losAngeles = await priced((centre) => centre.postcode === '90012');
    expect(losAngeles.currency).toBe('USD');
    expect(losAngeles.taxes.map((tax) => tax.rate)).toContain(7.25);
    const german = await priced((centre) => centre.country === 'DE');
    expect(german.currency).toBe('EUR');
    expect(german.taxes.map((tax) => tax.rate)).toEqual([19]);
  });

  it('lets the shopper move and cancel up to the deadline', async () => {
    const centre = await aCentre({ bays: 2 });
    const product = await shelfProduct(centre);
    const day = addDays(todayUtc(), 3);
    const shopper = await newShopper('mover');
    const [first] = await startsOn(centre, day, product.id);
    const placed = await checkOut(shopper, product.id, {
      centreId: centre._id,
      startsAt: first,
      job: 'four',
      car: 'BMW 3 Series',
    });
    expect(placed.statusCode).toBe(201);
    await pay(shopper, placed.json()._id);
    const [appointment] = await myAppointments(shopper);
    expect(appointment).toMatchObject({
      startsAt: first,
      car: 'BMW 3 Series',
      paid: true,
      status: 'booked',
    });

    const later = `${addDays(day, 1)}T10:00:00.000Z`;
    const moved = await call(shopper, 'PATCH', `/api/appointments/${appointment!._id}`, {
      startsAt: later,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      startsAt: later,
      endsAt: `${addDays(day, 1)}T11:00:00.000Z`,
    });
    expect(
      await call(accounts.bob, 'PATCH', `/api/appointments/${appointment!._id}`, {
        startsAt: first,
      }),
    ).toMatchObject({ statusCode: 404 });

    const cancelled = await call(shopper, 'POST', `/api/appointments/${appointment!._id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const again = await call(shopper, 'PATCH', `/api/appointments/${appointment!._id}`, {
      startsAt: first,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(appointmentWords.notChangeable('cancelled'));
    // The orders stay: the tyres are still the shopper's.
    const checkout = (await call(shopper, 'GET', `/api/checkout/${placed.json()._id}`)).json();
    expect(checkout.paid).toBe(true);

    // Too close to its start: no longer the shopper's to change.
    const [user] = await db()
      .select({ userId: appointments.userId })
      .from(appointments)
      .where(eq(appointments.id, appointment!._id));
    const [soon] = await db()
      .insert(appointments)
      .values({
        centreId: centre._id,
        bay: 1,
        startsAt: new Date(Date.now() + 2 * 3_600_000),
        endsAt: new Date(Date.now() + 3 * 3_600_000),
        job: 'pair',
        userId: user!.userId,
        tyresReadyAt: new Date(),
      })
      .returning();
    const tooLate = await call(shopper, 'POST', `/api/appointments/${soon!.id}/cancel`);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(appointmentWords.tooLateToChange);
  });

  it('gives the fitter the day in time order, and fitted delivers the order', async () => {
    const centre = await aCentre({ hours: everyDay('00:00', '23:45'), bays: 3 });
    const product = await shelfProduct(centre);
    const tomorrow = addDays(todayUtc(), 1);
    const shopper = await newShopper('fitted');
    const placed = await checkOut(shopper, product.id, {
      centreId: centre._id,
      startsAt: `${tomorrow}T10:00:00.000Z`,
      job: 'four',
      car: 'Audi A4',
    });
    expect(placed.statusCode).toBe(201);
    const unpaid = (await myAppointments(shopper))[0]!;
    const early = await call(admin, 'POST', `/api/appointments/${unpaid._id}/status`, {
      status: 'fitted',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(appointmentWords.notPaid);
    await pay(shopper, placed.json()._id);

    expect((await call(shopper, 'GET', `/api/fitting-centres/${centre._id}/day`)).statusCode).toBe(
      403,
    );
    const day = (
      await call(admin, 'GET', `/api/fitting-centres/${centre._id}/day`)
    ).json() as FitterDay;
    expect(day.appointments).toHaveLength(1);
    expect(day.days).toEqual([todayUtc(), tomorrow]);
    // Stepping on: a day at a time from any day, up to a week at once.
    const dayOf = async (query: string) =>
      (
        await call(admin, 'GET', `/api/fitting-centres/${centre._id}/day?${query}`)
      ).json() as FitterDay;
    expect((await dayOf(`from=${tomorrow}&days=1`)).appointments).toHaveLength(1);
    const after = await dayOf(`from=${addDays(tomorrow, 1)}&days=3`);
    expect(after.days).toEqual([1, 2, 3].map((n) => addDays(tomorrow, n)));
    expect(after.appointments).toEqual([]);
    expect(
      (await call(admin, 'GET', `/api/fitting-centres/${centre._id}/day?days=8`)).statusCode,
    ).toBe(400);
    expect(day.appointments[0]).toMatchObject({
      car: 'Audi A4',
      customer: contact.name,
      tyresArrived: true,
      tyres: [{ name: product.name, quantity: 4 }],
    });
    const arrived = await call(admin, 'POST', `/api/appointments/${unpaid._id}/status`, {
      status: 'arrived',
    });
    expect(arrived.json().status).toBe('arrived');
    const fitted = await call(admin, 'POST', `/api/appointments/${unpaid._id}/status`, {
      status: 'fitted',
    });
    expect(fitted.json().status).toBe('fitted');
    const order = (await call(shopper, 'GET', `/api/checkout/${placed.json()._id}`)).json()
      .orders[0];
    expect(order.status).toBe('delivered');
    // Handed over at the centre: delivered there, never shipped, and no "shipped" email.
    const history = (await call(shopper, 'GET', `/api/order/${order._id}/history`)).json() as {
      action: string;
      from: string | null;
      note: string | null;
    }[];
    expect(history.map((event) => event.action)).toEqual(['placed', 'pay', 'deliver']);
    expect(history[2]).toMatchObject({ from: 'paid', note: `Fitted at ${centre.name}` });
    const sent = await db()
      .select({ kind: emails.kind })
      .from(emails)
      .where(eq(emails.checkoutId, placed.json()._id));
    expect(sent.map((email) => email.kind)).not.toContain('order_shipped');
    expect(sent.map((email) => email.kind)).toContain('order_delivered');
    const noShow = await call(admin, 'POST', `/api/appointments/${unpaid._id}/status`, {
      status: 'no_show',
    });
    expect(noShow.statusCode).toBe(409);
  });

  it('confirms with the centre, the time and a calendar file, and reminds the day before once', async () => {
    const centre = await aCentre({ name: 'Reminder Garage', timeZone: 'America/New_York' });
    const product = await shelfProduct(centre);
    const day = addDays(todayUtc(), 3);
    const shopper = await newShopper('reminded');
    const [startsAt] = await startsOn(centre, day, product.id);
    const placed = await checkOut(shopper, product.id, {
      centreId: centre._id,
      startsAt,
      job: 'four',
    });
    expect(placed.statusCode).toBe(201);
    const checkoutId = placed.json()._id as string;
    const ofCheckout = (kind: string) =>
      db()
        .select()
        .from(emails)
        .where(sql`${emails.checkoutId} = ${checkoutId} and ${emails.kind} = ${kind}`);

    // Unpaid: no reminder, however close.
    const dayBefore = new Date(Date.parse(startsAt!) - 20 * 3_600_000);
    expect(await queueFittingReminders(db(), dayBefore)).toBe(0);
    await pay(shopper, checkoutId);

    const [confirmation] = await ofCheckout('order_confirmation');
    const data = confirmation!.data as EmailData;
    expect(data.appointment).toMatchObject({
      centreName: 'Reminder Garage',
      address: `${centre.street}, ${centre.city} ${centre.postcode}`,
      startsAt,
      timeZone: 'America/New_York',
    });
    const rendered = await renderEmail('order_confirmation', data, 'http://store.test');
    expect(rendered.text).toContain('Fitted at Reminder Garage, ');
    expect(rendered.text).toContain('08:00–09:00');
    const [ics] = attachmentsOf(data);
    expect(ics!.filename).toBe('fitting.ics');
    expect(ics!.content).toContain('BEGIN:VEVENT');
    expect(ics!.content).toContain(`DTSTART:${startsAt!.replace(/[-:]/g, '').slice(0, 13)}00Z`);
    expect(ics!.content).toContain('LOCATION:Reminder Garage');

    // Two days before: not yet. The day before: once, however many sweeps run.
    expect(
      await queueFittingReminders(db(), new Date(Date.parse(startsAt!) - 48 * 3_600_000)),
    ).toBe(0);
    const sweeps = await Promise.all([
      queueFittingReminders(db(), dayBefore),
      queueFittingReminders(db(), dayBefore),
      queueFittingReminders(db(), dayBefore),
    ]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueFittingReminders(db(), dayBefore)).toBe(0);
    const reminders = await ofCheckout('fitting_reminder');
    expect(reminders).toHaveLength(1);
    const reminder = await renderEmail(
      'fitting_reminder',
      reminders[0]!.data as EmailData,
      'http://store.test',
    );
    expect(reminder.subject).toBe('Your tyre fitting tomorrow at Reminder Garage');

    // Moved to the next day: the new time gets its own reminder, once.
    const [later] = await startsOn(centre, addDays(day, 1), product.id);
    const [mine] = await myAppointments(shopper);
    const moved = await call(shopper, 'PATCH', `/api/appointments/${mine!._id}`, {
      startsAt: later,
    });
    expect(moved.statusCode).toBe(200);
    const dayBeforeLater = new Date(Date.parse(later!) - 20 * 3_600_000);
    expect(await queueFittingReminders(db(), dayBeforeLater)).toBe(1);
    expect(await queueFittingReminders(db(), dayBeforeLater)).toBe(0);
    expect(await ofCheckout('fitting_reminder')).toHaveLength(2);
  });
});
