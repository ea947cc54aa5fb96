import { expect, type Page } from '@playwright/test';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import type { Checkout } from '@contract/checkout';
import type {
  BagCheckoutContext,
  BagCheckoutInput,
  CheckoutDetails,
} from '../src/features/checkout/bagCheckout/bagCheckoutMachine';
import {
  bagCheckoutModel,
  checkoutFailures,
  emptyBag as emptyModelBag,
  modelBag,
} from '../src/test/machines/bagCheckout.model';
import { RESENT_ON_RESET, bearer } from '../playwright/accounts';
import { fillShoppersBag } from '../playwright/storeApi';
import type { Tokens } from './fixtures';
import { Gate } from './gate';
import { payByCard } from './payment.replay';
import { noWay, type MachineReplay } from './replayTable';
import { StripeWorld } from './stripeWorld';
import { ownProduct, payThroughApi, type OwnProduct } from './storeWorld';

interface World {
  page: Page;
  tokens: Tokens;
  /** The model's two lines, as products of the path's own. */
  tyre: OwnProduct;
  battery: OwnProduct;
  checkoutId: string | null;
  bags: Gate;
  checkouts: Gate;
  places: Gate;
  intents: Gate;
  stripe: StripeWorld;
  records: Gate;
}

const [tyreLine, batteryLine] = modelBag.items;
const TYRE_STOCK = 20;

const idempotencyKey = () => crypto.randomUUID().replace(/-/g, '');

/** The shopper's bag placed as a checkout through the API, as an earlier visit would have. */
async function placeThroughApi(world: World): Promise<string> {
  const res = await world.page.request.post('/api/checkout', {
    ...RESENT_ON_RESET,
    headers: { ...bearer(await world.tokens.shopper()), 'idempotency-key': idempotencyKey() },
    data: { name: 'Demo Shopper', address: '12 Foundry Lane, Leeds', number: '0113 496 0000' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as Checkout)._id;
}

const expiredNow = (checkout: unknown) => {
  const expiresAt = new Date(Date.now() - 60_000).toISOString();
  const { orders, ...rest } = checkout as Checkout;
  return {
    ...rest,
    expired: true,
    expiresAt,
    orders: orders.map((order) => ({ ...order, expired: true, expiresAt })),
  };
};

const CHECKOUT_URL = /\/api\/checkout\/[0-9a-f-]{36}$/;
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const alert = (page: Page) => page.getByRole('alert');

/**
 * The bag's checkout: from the bag (/checkout) with the model's two lines in it, or from My
 * Orders (/checkout/:id/pay) of a checkout placed before. One bag per shopper: run in turn.
 */
export const bagCheckoutReplay: MachineReplay<World> = {
  model: bagCheckoutModel,
  serial: true,
  async start({ page, tokens }, path) {
    const admin = await tokens.admin();
    const world: World = {
      page,
      tokens,
      tyre: await ownProduct(page.request, admin, { stock: TYRE_STOCK, kind: 'Tyre' }),
      battery: await ownProduct(page.request, admin, { stock: 5 }),
      checkoutId: null,
      bags: await Gate.on(page, 'GET /api/bag', 'GET', /\/api\/bag$/),
      checkouts: await Gate.on(page, 'GET /api/checkout/:id', 'GET', CHECKOUT_URL),
      places: await Gate.on(page, 'POST /api/checkout', 'POST', /\/api\/checkout$/),
      intents: await Gate.on(page, 'the payment intent', 'POST', /\/api\/create-Payment-Intent$/),
      stripe: await StripeWorld.on(page),
      records: await Gate.on(page, 'PATCH /api/checkout/:id', 'PATCH', CHECKOUT_URL),
    };
    await emptyBag(world);
    await fillShoppersBag(page.request, [
      [world.tyre, tyreLine!.quantity],
      [world.battery, batteryLine!.quantity],
    ]);
    if ((path.input as BagCheckoutInput).checkoutId) {
      world.checkoutId = await placeThroughApi(world);
      await page.goto(`/checkout/${world.checkoutId}/pay`);
    } else {
      await page.goto('/checkout');
    }
    return world;
  },
  events: {
    async 'xstate.done.actor.loadBag'(world, event) {
      if (event.output === emptyModelBag) await emptyBag(world);
      await world.bags.pass();
    },
    async 'xstate.error.actor.loadBag'(world, event) {
      if (event.error !== checkoutFailures.busy) noWay('bagCheckout', event);
      await world.bags.fail(429, checkoutFailures.busy.message);
    },
    async SUBMIT(world, event) {
      const details = event.details as CheckoutDetails;
      const field = (name: string) => world.page.getByRole('textbox', { name, exact: true });
      await field('Name').fill(details.name);
      await field('Address').fill(details.address);
      await field('Phone Number').fill(details.number);
      await world.page.getByRole('radio', { name: checkoutCopy.bagCheckout.delivery }).check();
      await button(world.page, 'Place order').click();
    },
    async 'xstate.done.actor.placeCheckout'(world) {
      const route = await world.places.next();
      const response = await route.fetch();
      world.checkoutId = ((await response.json()) as Checkout)._id;
      await route.fulfill({ response });
    },
    async 'xstate.error.actor.placeCheckout'(world, event) {
      switch (event.error) {
        case checkoutFailures.shortOfStock: {
          // Another shopper buys all but 2 of the tyres first.
          const res = await world.page.request.post(`/api/product/${world.tyre._id}/stock`, {
            ...RESENT_ON_RESET,
            headers: bearer(await world.tokens.admin()),
            // 2 left to order: one more is kept back (ownProduct's orderquantity).
            data: { delta: -(TYRE_STOCK - 3), reason: 'sold meanwhile' },
          });
          expect(res.ok(), await res.text()).toBe(true);
          return world.places.pass();
        }
        case checkoutFailures.unverified:
          // The demo shopper is verified: the store's refusal of one who is not.
          return world.places.fail(403, checkoutFailures.unverified.message);
        case checkoutFailures.offline:
          return world.places.cut();
      }
      noWay('bagCheckout', event);
    },
    RETRY: (world) => button(world.page, 'Try again').click(),
    async 'xstate.done.actor.loadCheckout'(world, event) {
      const checkout = event.output as Checkout;
      // Paid meanwhile, in another tab.
      if (checkout.paid) {
        await payThroughApi(world.page.request, await world.tokens.shopper(), {
          checkoutId: world.checkoutId!,
        });
      }
      if (checkout.expired) return world.checkouts.passAltered(expiredNow);
      await world.checkouts.pass();
    },
    async 'xstate.error.actor.loadCheckout'(world, event) {
      if (event.error !== checkoutFailures.noCheckout) noWay('bagCheckout', event);
      // A link to a checkout the store does not have: the page's request goes to an id nobody
      // has, and the store refuses it in its own words.
      const nobodys = new URL(`/api/checkout/${crypto.randomUUID()}`, world.page.url()).href;
      await world.checkouts.pass({ url: nobodys });
    },
    async 'xstate.done.actor.createIntent'(world) {
      await world.stripe.scriptLoads();
      await world.intents.pass();
    },
    async 'xstate.error.actor.createIntent'(world, event) {
      if (event.error === checkoutFailures.scriptFailed) {
        // The intent is made, but Stripe.js never arrives.
        await world.stripe.scriptFails();
        return world.intents.pass();
      }
      if (event.error !== checkoutFailures.expired) noWay('bagCheckout', event);
      // The hold ran out while the page got ready: the store's refusal then.
      await world.intents.fail(409, checkoutFailures.expired.message);
    },
    PROVIDER_UNAVAILABLE: (world, event) => world.stripe.formFails(event.message as string),
    PAY: (world) => payByCard(world.page),
    'xstate.done.actor.confirmCard': (world) => world.stripe.confirmsCard(),
    'xstate.error.actor.confirmCard': (world) => world.stripe.declinesCard(),
    'xstate.done.actor.recordPayment': (world) => world.records.pass(),
    'xstate.error.actor.recordPayment': (world) => world.records.cut(),
  },
  states: {
    // Passes on at once, to the bag or the checkout.
    start: async () => {},
    bag: async ({ page }) => {
      await expect(page.getByRole('status').filter({ hasText: 'Loading your bag' })).toBeVisible();
    },
    loadingCheckout: async ({ page }) => {
      await expect(
        page.getByRole('status').filter({ hasText: 'Loading your checkout' }),
      ).toBeVisible();
    },
    loadFailed: async (world, snapshot) => {
      const context = snapshot.context as BagCheckoutContext;
      await expect(alert(world.page)).toContainText(context.error!);
      await expect(button(world.page, 'Try again')).toHaveCount(context.retryable ? 1 : 0);
    },
    empty: async ({ page }) => {
      await expect(page.getByText('Your bag is empty.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute(
        'href',
        '/shop',
      );
    },
    paid: async (world) => {
      const success = world.page.getByRole('status').filter({ hasText: copy.payment.success });
      await expect(success).toContainText(/Transaction id: pi_stub/);
      await expect(world.page.getByText(world.tyre.name)).toBeVisible();
      await expect(world.page.getByText(world.battery.name)).toBeVisible();
      await expect(
        world.page.getByRole('link', { name: checkoutCopy.bagCheckout.toMyOrders }),
      ).toHaveAttribute('href', '/dashboard/myorder');
    },
    expired: async (world, snapshot) => {
      await expectSummary(world, snapshot.context as BagCheckoutContext);
      await expect(alert(world.page)).toContainText('was not paid in time');
      await expect(button(world.page, 'Pay')).toHaveCount(0);
    },
    details: async (world, snapshot) => {
      await expectSummary(world, snapshot.context as BagCheckoutContext);
      await expect(button(world.page, 'Place order')).toBeEnabled();
      await expect(alert(world.page)).toHaveCount(0);
    },
    reserving: async (world, snapshot) => {
      await expectSummary(world, snapshot.context as BagCheckoutContext);
      await expect(button(world.page, 'Place order')).toBeDisabled();
      await expect(world.page.getByText('Reserving your products')).toBeVisible();
    },
    failed: async (world, snapshot) => {
      const context = snapshot.context as BagCheckoutContext;
      await expectSummary(world, context);
      await expect(button(world.page, 'Place order')).toBeEnabled();
      const refused = alert(world.page);
      await expect(refused).toContainText(checkoutCopy.bagCheckout.refusedTitle);
      if (context.error === checkoutFailures.shortOfStock.message) {
        // The store names the line and what is left, in its own words.
        await expect(refused).toContainText(world.tyre.name);
        await expect(refused).toContainText(/only 2 left/i);
        await expect(refused).toContainText('Nothing was reserved');
      } else {
        await expect(refused).toContainText(context.error!);
      }
      if (context.status === 403) {
        await expect(
          refused.getByRole('button', { name: checkoutCopy.order.resendVerification }),
        ).toBeVisible();
      } else {
        await expect(
          refused.getByRole('link', { name: checkoutCopy.bagCheckout.backToBag }),
        ).toHaveAttribute('href', '/bag');
      }
    },
    intentFailed: (world, snapshot) => expectPayFailed(world, snapshot.context),
    'paying.providerUnavailable': (world, snapshot) => expectPayFailed(world, snapshot.context),
    'paying.creatingIntent': async (world, snapshot) => {
      await expectSummary(world, snapshot.context as BagCheckoutContext);
      await expect(world.page.getByText('Getting the payment ready')).toBeVisible();
      await expect(button(world.page, 'Pay')).toBeDisabled();
    },
    'paying.ready.idle': async (world, snapshot) => {
      await expectSummary(world, snapshot.context as BagCheckoutContext);
      await expect(button(world.page, 'Pay')).toBeEnabled();
      await expect(alert(world.page)).toHaveCount(0);
    },
    'paying.ready.cardError': async (world, snapshot) => {
      const context = snapshot.context as BagCheckoutContext;
      await expect(button(world.page, 'Pay')).toBeEnabled();
      await expect(alert(world.page)).toContainText(context.error!);
      await expect(alert(world.page)).toContainText('Nothing was charged');
    },
    'paying.confirming': async ({ page }) => {
      await expect(button(page, 'Pay')).toBeDisabled();
      await expect(page.getByText('Confirming your card')).toBeVisible();
    },
    'paying.recordingPayment': async ({ page }) => {
      await expect(button(page, 'Pay')).toBeDisabled();
      await expect(page.getByText('Recording your payment')).toBeVisible();
    },
    'paying.recordFailed': async (world, snapshot) => {
      const context = snapshot.context as BagCheckoutContext;
      await expect(button(world.page, 'Pay')).toBeDisabled();
      await expect(alert(world.page)).toContainText(context.error!);
      await expect(alert(world.page)).toContainText('Your card was charged');
    },
  },
};

/** The bag's shopper, empty-handed: whatever an earlier path left in it goes. */
async function emptyBag(world: World) {
  const token = await world.tokens.shopper();
  const bag = await (
    await world.page.request.get('/api/bag', { ...RESENT_ON_RESET, headers: bearer(token) })
  ).json();
  for (const item of bag.items as Array<{ productId: string }>) {
    await world.page.request.delete(`/api/bag/items/${item.productId}`, {
      ...RESENT_ON_RESET,
      headers: bearer(token),
    });
  }
}

/** Every line and the total (once placed, the checkout's orders). */
async function expectSummary(world: World, context: BagCheckoutContext) {
  const summary = world.page.getByRole('region', {
    name: context.checkout ? 'Your orders' : 'Your bag',
  });
  await expect(summary.getByText(world.tyre.name)).toBeVisible();
  await expect(summary.getByText(`$${modelBag.total.toFixed(2)}`)).toBeVisible();
}

async function expectPayFailed(world: World, snapshot: unknown) {
  const context = snapshot as BagCheckoutContext;
  await expect(alert(world.page)).toContainText(context.error!);
  await expect(alert(world.page).getByRole('button', { name: 'Try again' })).toHaveCount(
    context.retryable ? 1 : 0,
  );
  await expect(button(world.page, 'Pay')).toHaveCount(0);
}
