import { expect, test } from '@playwright/test';
import { FITTING_HOLD_SECONDS, MAX_UNPAID_FITTINGS } from '../contract/fitting';
import { refusals } from '../server/src/refusals';
import { addProduct, call, cleanUp, shopperEmail, signIn, startStore } from './stack';

// Issue 45, finding 1: eight 1-cent unpaid checkouts of one verified account took all 8 places
// of a day, and four accounts booked out the month every 30 minutes at no cost.

test.afterEach(cleanUp);

const contact = { name: 'Hoarding Shopper', address: '1 Race Road', number: '555 0100' };

test('one account cannot hold a fitting day’s places unpaid: one booking at a time, held briefly', async ({
  request,
}) => {
  const { emulator, apis, admin } = await startStore(request);
  const api = apis[0]!.url;
  const valve = await addProduct(api, admin, 1000, 0.01);
  const hoarder = await signIn(api, emulator, shopperEmail('hoarder', 0));
  const days = (await call(api, 'GET', '/api/fitting-days')).body as Array<{
    date: string;
    places: number;
  }>;
  const day = days.find((d) => d.places >= 2)!;

  // Eight 1-cent checkouts for one day, one after another, as the attacker sent them.
  const answers = [];
  for (let i = 0; i < day.places; i += 1) {
    await call(api, 'PUT', `/api/bag/items/${valve._id}`, {
      token: hoarder,
      body: { quantity: 1 },
    });
    answers.push(
      await call(api, 'POST', '/api/checkout', {
        token: hoarder,
        body: { ...contact, fitting: day.date },
      }),
    );
  }
  const booked = answers.filter((a) => a.status === 201);
  expect(booked).toHaveLength(MAX_UNPAID_FITTINGS);
  for (const refused of answers.filter((a) => a.status !== 201)) {
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      refusals.checkout.unpaidFittings(MAX_UNPAID_FITTINGS, [day.date]),
    );
  }
  // The day still has places for everyone else.
  const after = (await call(api, 'GET', '/api/fitting-days')).body as typeof days;
  expect(after.find((d) => d.date === day.date)!.places).toBe(day.places - MAX_UNPAID_FITTINGS);
  const other = await signIn(api, emulator, shopperEmail('neighbour', 0));
  await call(api, 'PUT', `/api/bag/items/${valve._id}`, { token: other, body: { quantity: 1 } });
  const theirs = await call(api, 'POST', '/api/checkout', {
    token: other,
    body: { ...contact, fitting: day.date },
  });
  expect(theirs.status).toBe(201);

  // An unpaid booking keeps its place only briefly (an order's stock hold is 30 minutes).
  const { createdAt, expiresAt } = booked[0]!.body as { createdAt: string; expiresAt: string };
  expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBeLessThanOrEqual(
    FITTING_HOLD_SECONDS * 1000 + 1000,
  );

  // A checkout without a fitting is not limited by it.
  await call(api, 'PUT', `/api/bag/items/${valve._id}`, { token: hoarder, body: { quantity: 1 } });
  const delivery = await call(api, 'POST', '/api/checkout', { token: hoarder, body: contact });
  expect(delivery.status).toBe(201);
});

test('parallel checkouts of one account for every day still book one fitting', async ({
  request,
}) => {
  const { emulator, apis, admin } = await startStore(request, { processes: 2 });
  const at = (i: number) => apis[i % apis.length]!.url;
  const valve = await addProduct(at(0), admin, 1000, 0.01);
  const hoarder = await signIn(at(0), emulator, shopperEmail('racer', 0));
  const open = (
    (await call(at(0), 'GET', '/api/fitting-days')).body as Array<{
      date: string;
      places: number;
    }>
  ).filter((d) => d.places > 0);
  await call(at(0), 'PUT', `/api/bag/items/${valve._id}`, {
    token: hoarder,
    body: { quantity: 20 },
  });
  // The bag is one: the account's checkouts take turns, and each empties it. Refill between.
  const answers = await Promise.all(
    open.slice(0, 10).map(async (day, i) => {
      await call(at(i), 'PUT', `/api/bag/items/${valve._id}`, {
        token: hoarder,
        body: { quantity: 1 },
      });
      return call(at(i), 'POST', '/api/checkout', {
        token: hoarder,
        body: { ...contact, fitting: day.date },
      });
    }),
  );
  expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(MAX_UNPAID_FITTINGS);
});
