import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, RESENT_ON_RESET, SHOPPER, appToken, bearer } from './accounts';

/**
 * The store's API as the three Playwright suites arrange it: products of their own, orders,
 * the bag, the demo accounts' data.
 */

/** A product as the API answers its creation. */
export interface Made {
  _id: string;
  sku: string;
  name: string;
  price: number;
  version: number;
}

/**
 * A product added by the admin: a tyre (205/55 R16 unless `size` says), or a part unless said;
 * one unit kept back unless said.
 */
export async function addProduct(
  request: APIRequestContext,
  token: string,
  fields: {
    name: string;
    price: number;
    stock: number;
    keptBack?: number;
    tyre?: boolean;
    season?: 'summer' | 'winter' | 'all-season';
    size?: { width: number; aspect: number; rim: number };
  },
): Promise<Made> {
  const res = await request.post('/api/product', {
    ...RESENT_ON_RESET,
    headers: bearer(token),
    data: {
      name: fields.name,
      description: 'Added by a browser test.',
      price: fields.price,
      orderquantity: fields.keptBack ?? 1,
      availableauantity: fields.stock,
      img: fields.tyre ? '/images/products/summer-tyre.svg' : '/images/products/car-battery.svg',
      ...(fields.tyre
        ? {
            category: 'tyre',
            ...(fields.size ?? { width: 205, aspect: 55, rim: 16 }),
            ...(fields.season ? { season: fields.season } : {}),
          }
        : { category: 'part' }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function takeStock(
  request: APIRequestContext,
  token: string,
  id: string,
  units: number,
) {
  const res = await request.post(`/api/product/${id}/stock`, {
    ...RESENT_ON_RESET,
    headers: bearer(token),
    data: { delta: -units, reason: 'bag journey' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The shopper's bag on the server starts empty, whatever another run left in it. */
export async function emptyShoppersBag(request: APIRequestContext) {
  const token = await appToken(request, SHOPPER);
  const bag = await (
    await request.get('/api/bag', { ...RESENT_ON_RESET, headers: bearer(token) })
  ).json();
  for (const item of bag.items as Array<{ productId: string }>) {
    await request.delete(`/api/bag/items/${item.productId}`, {
      ...RESENT_ON_RESET,
      headers: bearer(token),
    });
  }
}

/**
 * Takes a journey's own products out of the shop (retired), so the journeys after it find the
 * catalogue as they expect it (the seeded products on the shop's first page).
 */
export async function retireProducts(request: APIRequestContext, ids: string[]) {
  const token = await appToken(request, ADMIN);
  for (const id of ids) {
    const res = await request.post(`/api/product/${id}/retire`, {
      ...RESENT_ON_RESET,
      headers: bearer(token),
      data: {},
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** The local provider's test card that is always accepted. */
export const ACCEPTED_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
};

/** The demo shopper's unpaid order of `quantity` of a product, placed through the API. */
export async function placeOrder(
  request: APIRequestContext,
  shopperToken: string,
  productId: string,
  { quantity = 1, address = '12 Foundry Lane, Leeds' } = {},
): Promise<{ _id: string }> {
  const placed = await request.post('/api/order', {
    ...RESENT_ON_RESET,
    headers: bearer(shopperToken),
    data: { productId, name: 'Demo Shopper', address, number: '0113 496 0000', quantity },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return placed.json();
}

/** The demo shopper's order of `quantity` of a product, paid by card through the API: its id. */
export async function paidShopperOrder(
  request: APIRequestContext,
  productId: string,
  quantity: number,
): Promise<string> {
  const token = await appToken(request, SHOPPER);
  const order = await placeOrder(request, token, productId, {
    quantity,
    address: '12 Foundry Lane, Leeds LS1 4AB',
  });
  const intent = await request.post('/api/create-Payment-Intent', {
    ...RESENT_ON_RESET,
    headers: bearer(token),
    data: { orderId: order._id },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const confirm = await request.post('/api/payments/local/confirm', {
    ...RESENT_ON_RESET,
    data: { clientSecret: (await intent.json()).clientSecret, card: ACCEPTED_CARD },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  return order._id;
}

/**
 * The embedded mailbox's web inbox (and its REST API under `/api`): `npm start` writes its
 * address into the data folder, the one `npm run test:e2e` gave the stack (playwright.config.ts).
 */
export function mailboxUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
  const file = path.join(dataDir, 'mailbox', 'address.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { web: string }).web;
}

/** The demo shopper's bag set through the API to these lines (each product, how many). */
export async function fillShoppersBag(
  request: APIRequestContext,
  lines: ReadonlyArray<readonly [{ _id: string }, number]>,
) {
  const token = await appToken(request, SHOPPER);
  for (const [product, quantity] of lines) {
    const put = await request.put(`/api/bag/items/${product._id}`, {
      ...RESENT_ON_RESET,
      headers: bearer(token),
      data: { quantity },
    });
    expect(put.ok(), await put.text()).toBe(true);
  }
}

/** The shop's page size (its first page is the 24 newest products it sells). */
export const SHOP_PAGE_SIZE = 24;

/**
 * The products on the shop's first page as the API lists them now: the newest products, which
 * after the journeys before are theirs as much as the seed's.
 */
export async function shopFirstPage(
  request: APIRequestContext,
): Promise<Array<{ name: string; price: number }>> {
  const res = await request.get(
    `/api/product?sort=newest&limit=${SHOP_PAGE_SIZE}`,
    RESENT_ON_RESET,
  );
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<{ name: string; price: number }>;
}

/** How many products the shop's search finds (its X-Total-Count). */
export async function shopCount(request: APIRequestContext, query: string): Promise<number> {
  const res = await request.get(`/api/product?${query}&limit=1`, RESENT_ON_RESET);
  expect(res.status()).toBe(200);
  return Number(res.headers()['x-total-count']);
}
