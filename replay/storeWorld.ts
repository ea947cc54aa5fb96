import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { RESENT_ON_RESET, bearer, unique } from '../playwright/accounts';
import { ACCEPTED_CARD, addProduct, placeOrder } from '../playwright/storeApi';

/** The world a replay starts from, set up through the API: what the path does not test. */

export interface OwnProduct {
  _id: string;
  name: string;
  price: number;
}

/** A product of the path's own, so paths running side by side never share its stock. */
export async function ownProduct(
  request: APIRequestContext,
  adminToken: string,
  { stock = 20, keptBack = 1, price = 89.99, kind = 'Battery' } = {},
): Promise<OwnProduct> {
  const name = `Replay ${kind} ${unique()}`;
  return addProduct(request, adminToken, { name, price, stock, keptBack });
}

/** The demo shopper's unpaid order of `quantity`, placed through the API. */
export const shopperOrder = (
  request: APIRequestContext,
  shopperToken: string,
  productId: string,
  quantity = 1,
) => placeOrder(request, shopperToken, productId, { quantity });

/** The replay store's Stripe API: the stub playwright.machines.config.ts starts on loopback. */
export const stripeApi = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? 12111}`;

/**
 * Pays an order or a checkout by card, as another tab of the shopper's would: the store's
 * PaymentIntent, confirmed at Stripe with the accepted card as Stripe.js does, then recorded.
 */
export async function payThroughApi(
  request: APIRequestContext,
  shopperToken: string,
  target: { orderId: string } | { checkoutId: string },
) {
  const intent = await request.post('/api/create-Payment-Intent', {
    ...RESENT_ON_RESET,
    headers: bearer(shopperToken),
    data: target,
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const id = clientSecret.split('_secret_')[0]!;
  const confirm = await request.post(`${stripeApi}/v1/payment_intents/${id}/confirm`, {
    ...RESENT_ON_RESET,
    form: {
      client_secret: clientSecret,
      'payment_method_data[card][number]': ACCEPTED_CARD.number,
    },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const recorded = await request.patch(
    'orderId' in target ? `/api/order/${target.orderId}` : `/api/checkout/${target.checkoutId}`,
    { ...RESENT_ON_RESET, headers: bearer(shopperToken), data: { transactionId: id } },
  );
  expect(recorded.ok(), await recorded.text()).toBe(true);
}

/** The shopper's order deleted through the API, as another tab of theirs would. */
export async function deleteThroughApi(
  request: APIRequestContext,
  shopperToken: string,
  orderId: string,
) {
  const res = await request.delete(`/api/order/${orderId}`, {
    ...RESENT_ON_RESET,
    headers: bearer(shopperToken),
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A toast showing this text, inside `where`. */
export const toast = (where: Page | ReturnType<Page['locator']>, text: string | RegExp) =>
  where.locator('.Toastify__toast[role="alert"]', { hasText: text });
