import { expect, test } from '@playwright/test';
import { GUEST_HOLD_SECONDS } from '../contract/guests';
import { addProduct, call, cleanUp, shopperEmail, startStore } from './stack';

// Issue 47: guest checkout must open no new door for hoarding. The attacks that fail for
// accounts (many checkouts, many accounts) are tried with guests: many checkouts of one email,
// many emails from one browser, parallel checkouts across two API processes, a browser id made
// up by the caller, and a flood of "new browsers".

test.afterEach(cleanUp);

const contact = { name: 'Hoarding Guest', address: '1 Race Road', number: '555 0100' };
/** A browser id the store issues (a browser cannot choose its own); null once refused. */
async function browserId(api: string): Promise<string | null> {
  const issued = await call(api, 'POST', '/api/guest/browser');
  if (issued.status === 429) return null;
  expect(issued.status).toBe(201);
  return (issued.body as { browser: string }).browser;
}

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

  // A browser id made up by the caller is refused, whatever its shape.
  const madeUp = `${'a'.repeat(22)}.${'b'.repeat(43)}`;
  const refused = await guestCheckout(at(0), shopperEmail('made-up', 0), madeUp, items, day.date);
  expect(refused.status).toBe(400);

  // One email, every place of the day, in parallel on two APIs, each from a new "browser".
  const email = shopperEmail('guest-hoarder', 0);
  const browsers = await Promise.all(
    Array.from({ length: day.places + 1 }, (_, i) => browserId(at(i))),
  );
  const sameEmail = await Promise.all(
    Array.from({ length: day.places }, (_, i) =>
      guestCheckout(at(i), email, browsers[i]!, items, day.date),
    ),
  );
  expect(sameEmail.filter((a) => a.status === 201)).toHaveLength(1);
  for (const refused of sameEmail.filter((a) => a.status !== 201)) expect(refused.status).toBe(409);

  // One browser, a new email each time, in parallel on two APIs.
  const browser = browsers[day.places]!;
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
  const greedy = await guestCheckout(api, shopperEmail('greedy', 0), (await browserId(api))!, [
    { productId: tyre._id, quantity: 9 },
  ]);
  expect(greedy.status).toBe(409);
  const product = (await call(api, 'GET', `/api/productDetails/${tyre._id}`)).body as {
    availablequantity: number;
  };
  expect(product.availablequantity).toBe(100);

  // A flood of guest checkouts from one address, each with a new email and browser: stopped by
  // the write limit, and by the browser ids an address is issued an hour.
  const flood = [];
  for (let i = 0; i < 30; i += 1) {
    const browser = await browserId(api);
    if (browser === null) {
      flood.push(429);
      continue;
    }
    flood.push(
      (
        await guestCheckout(api, shopperEmail('flood', i), browser, [
          { productId: tyre._id, quantity: 1 },
        ])
      ).status,
    );
  }
  expect(flood).toContain(429);
  expect(flood.filter((status) => status === 201).length).toBeLessThan(20);
});
