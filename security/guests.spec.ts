import { expect, test } from '@playwright/test';
import { GUEST_HOLD_SECONDS } from '../contract/guests';
import { addProduct, call, cleanUp, shopperEmail, startStore } from './stack';

// Issue 47: guest checkout must open no new door for hoarding. The attacks that fail for
// accounts (many checkouts, many accounts) are tried with guests: many checkouts of one email,
// many emails from one browser, parallel checkouts across two API processes, and a flood.

test.afterEach(cleanUp);

const contact = { name: 'Hoarding Guest', address: '1 Race Road', number: '555 0100' };
const browserId = (tag: string) =>
  `${tag}-${Math.random().toString(36).slice(2, 12)}`.padEnd(20, 'x');

function guestCheckout(
  api: string,
  email: string,
  browser: string,
  items: Array<{ productId: string; quantity: number }>,
  fitting: string | null = null,
) {
  return call(api, 'POST', '/api/guest/checkout', {
    headers: { 'guest-browser': browser },
    body: { ...contact, email, fitting, items },
  });
}

test('guests cannot hold a fitting day’s places: one unpaid guest checkout per email and per browser, held minutes', async ({
  request,
}) => {
  const { apis, admin } = await startStore(request, { processes: 2 });
  const at = (i: number) => apis[i % apis.length]!.url;
  const valve = await addProduct(at(0), admin, 1000, 0.01);
  const days = (await call(at(0), 'GET', '/api/fitting-days')).body as Array<{
    date: string;
    places: number;
  }>;
  const day = days.find((d) => d.places >= 2)!;
  const items = [{ productId: valve._id, quantity: 1 }];

  // One email, every place of the day, in parallel on two APIs, each from a new "browser".
  const email = shopperEmail('guest-hoarder', 0);
  const sameEmail = await Promise.all(
    Array.from({ length: day.places }, (_, i) =>
      guestCheckout(at(i), email, browserId(`b${i}`), items, day.date),
    ),
  );
  expect(sameEmail.filter((a) => a.status === 201)).toHaveLength(1);
  for (const refused of sameEmail.filter((a) => a.status !== 201)) expect(refused.status).toBe(409);

  // One browser, a new email each time, in parallel on two APIs.
  const browser = browserId('one-browser');
  const sameBrowser = await Promise.all(
    Array.from({ length: day.places }, (_, i) =>
      guestCheckout(at(i), shopperEmail('alias', i), browser, items, day.date),
    ),
  );
  expect(sameBrowser.filter((a) => a.status === 201)).toHaveLength(1);

  // The day keeps its other places for everyone else, and each unpaid booking ends in minutes.
  const after = (await call(at(0), 'GET', '/api/fitting-days')).body as typeof days;
  expect(after.find((d) => d.date === day.date)!.places).toBe(day.places - 2);
  const booked = [...sameEmail, ...sameBrowser].find((a) => a.status === 201)!.body.checkout as {
    createdAt: string;
    expiresAt: string;
  };
  expect(Date.parse(booked.expiresAt) - Date.parse(booked.createdAt)).toBeLessThanOrEqual(
    GUEST_HOLD_SECONDS * 1000 + 1000,
  );
});

test('a guest holds no more stock than an account may, and the write limit covers guests', async ({
  request,
}) => {
  const { apis, admin } = await startStore(request, {
    env: { MAX_HELD_UNITS: '8', MAX_HELD_SHARE: '100', WRITE_RATE_LIMIT: '20' },
  });
  const api = apis[0]!.url;
  const tyre = await addProduct(api, admin, 100, 1);
  // More than one account may hold: refused as an account is, nothing reserved.
  const greedy = await guestCheckout(api, shopperEmail('greedy', 0), browserId('g'), [
    { productId: tyre._id, quantity: 9 },
  ]);
  expect(greedy.status).toBe(409);
  const product = (await call(api, 'GET', `/api/productDetails/${tyre._id}`)).body as {
    availablequantity: number;
  };
  expect(product.availablequantity).toBe(100);

  // A flood of guest checkouts from one address, each with a new email and browser.
  const flood = [];
  for (let i = 0; i < 30; i += 1) {
    flood.push(
      (
        await guestCheckout(api, shopperEmail('flood', i), browserId(`f${i}`), [
          { productId: tyre._id, quantity: 1 },
        ])
      ).status,
    );
  }
  expect(flood).toContain(429);
  expect(flood.filter((status) => status === 201).length).toBeLessThan(20);
});
