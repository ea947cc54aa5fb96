import { expect, type Page } from '@playwright/test';
import { copy } from '@contract/copy';
import type { PaymentContext } from '../src/features/checkout/payment/paymentMachine';
import { failures, paymentModel } from '../src/test/machines/payment.model';
import type { Order } from '@contract/orders';
import { ACCEPTED_CARD } from '../playwright/storeApi';
import { Gate } from './gate';
import { noWay, type MachineReplay } from './replayTable';
import { StripeWorld } from './stripeWorld';
import {
  deleteThroughApi,
  ownProduct,
  payThroughApi,
  shopperOrder,
  type OwnProduct,
} from './storeWorld';

export interface PaymentWorld {
  page: Page;
  product: OwnProduct;
  loads: Gate;
  intents: Gate;
  stripe: StripeWorld;
  records: Gate;
  payMeanwhile(): Promise<void>;
  deleteMeanwhile(): Promise<void>;
}

const ORDER_URL = /\/api\/order\/[0-9a-f-]{36}$/;

/** Its stock hold ran out: the order as the store answers it after (the hold is 30 minutes). */
export const expiredNow = (order: unknown) => ({
  ...(order as Order),
  expired: true,
  expiresAt: new Date(Date.now() - 60_000).toISOString(),
});

/** Card details typed into Stripe's card form, then Pay. */
export async function payByCard(page: Page) {
  await page.getByLabel('Card number').fill(ACCEPTED_CARD.number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill(ACCEPTED_CARD.cvc);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

const pay = (page: Page) => page.getByRole('button', { name: 'Pay', exact: true });
const tryAgain = (page: Page) => page.getByRole('button', { name: 'Try again' });

/** The payment page of one unpaid order of the path's own product. */
export const paymentReplay: MachineReplay<PaymentWorld> = {
  model: paymentModel,
  async start({ page, tokens }) {
    const product = await ownProduct(page.request, await tokens.admin());
    const order = await shopperOrder(page.request, await tokens.shopper(), product._id, 2);
    const world: PaymentWorld = {
      page,
      product,
      loads: await Gate.on(page, 'GET /api/order/:id', 'GET', ORDER_URL),
      intents: await Gate.on(page, 'the payment intent', 'POST', /\/api\/create-Payment-Intent$/),
      stripe: await StripeWorld.on(page),
      records: await Gate.on(page, 'PATCH /api/order/:id', 'PATCH', ORDER_URL),
      payMeanwhile: async () =>
        payThroughApi(page.request, await tokens.shopper(), { orderId: order._id }),
      deleteMeanwhile: async () =>
        deleteThroughApi(page.request, await tokens.shopper(), order._id),
    };
    await page.goto(`/dashboard/payment/${order._id}`);
    return world;
  },
  events: {
    async 'xstate.done.actor.loadOrder'(world, event) {
      const order = event.output as Order;
      if (order.paid) await world.payMeanwhile();
      if (order.expired) return world.loads.passAltered(expiredNow);
      return world.loads.pass();
    },
    async 'xstate.error.actor.loadOrder'(world, event) {
      if (event.error !== failures.noOrder) noWay('payment', event);
      // Deleted in another tab meanwhile: the store knows no such order any more.
      await world.deleteMeanwhile();
      return world.loads.pass();
    },
    async 'xstate.done.actor.createIntent'(world) {
      await world.stripe.scriptLoads();
      await world.intents.pass();
    },
    async 'xstate.error.actor.createIntent'(world, event) {
      if (event.error === failures.scriptFailed) {
        // The intent is made, but Stripe.js never arrives.
        await world.stripe.scriptFails();
        return world.intents.pass();
      }
      // The store refuses first; Stripe.js's load stays pending until a retry uses it.
      if (event.error === failures.alreadyPaid) {
        await world.payMeanwhile();
        return world.intents.pass();
      }
      if (event.error === failures.serverFault) {
        return world.intents.fail(503, failures.serverFault.message);
      }
      noWay('payment', event);
    },
    PROVIDER_UNAVAILABLE: (world, event) => world.stripe.formFails(event.message as string),
    PAY: (world) => payByCard(world.page),
    'xstate.done.actor.confirmCard': (world) => world.stripe.confirmsCard(),
    'xstate.error.actor.confirmCard': (world) => world.stripe.declinesCard(),
    'xstate.done.actor.recordPayment': (world) => world.records.pass(),
    'xstate.error.actor.recordPayment': (world) => world.records.cut(),
    RETRY: (world) => tryAgain(world.page).click(),
  },
  states: {
    async loadingOrder({ page }) {
      await expect(
        page.getByRole('status').filter({ hasText: 'Loading your order' }),
      ).toBeVisible();
      await expect(pay(page)).toHaveCount(0);
    },
    'paying.creatingIntent': async (world) => {
      await expectSummary(world);
      await expect(world.page.getByText('Getting the payment ready')).toBeVisible();
      await expect(pay(world.page)).toBeDisabled();
    },
    'paying.ready.idle': async (world) => {
      await expectReady(world);
      await expect(world.page.getByRole('alert')).toHaveCount(0);
    },
    'paying.ready.cardError': async (world, snapshot) => {
      await expectReady(world);
      const error = (snapshot.context as PaymentContext).error!;
      await expect(world.page.getByRole('alert')).toContainText(error);
      await expect(world.page.getByRole('alert')).toHaveCSS('color', 'rgb(185, 28, 28)');
    },
    'paying.confirming': async (world) => {
      await expect(pay(world.page)).toBeDisabled();
      await expect(
        world.page.getByRole('status').filter({ hasText: 'Confirming your card' }),
      ).toBeVisible();
      await expect(world.page.getByLabel('Card number')).toBeDisabled();
    },
    'paying.recordingPayment': async (world) => {
      await expect(pay(world.page)).toBeDisabled();
      await expect(world.page.getByText('Recording your payment')).toBeVisible();
    },
    'paying.recordFailed': async (world, snapshot) => {
      const context = snapshot.context as PaymentContext;
      await expect(pay(world.page)).toBeDisabled();
      const alert = world.page.getByRole('alert');
      await expect(alert).toContainText(context.error!);
      await expect(alert).toContainText('Your card was charged');
      await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(
        context.retryable ? 1 : 0,
      );
    },
    paid: async (world) => {
      await expectSummary(world);
      await expect(world.page.getByText('congrats ! your payment is succuss')).toBeVisible();
      await expect(
        world.page.getByRole('status').filter({ hasText: 'Transaction id' }),
      ).toContainText(/Transaction id: pi_stub/);
      await expect(pay(world.page)).toBeDisabled();
    },
    expired: async (world) => {
      await expectSummary(world);
      const alert = world.page.getByRole('alert');
      await expect(alert).toContainText(copy.payment.expired);
      await expect(alert.getByRole('link', { name: /Back to/ })).toBeVisible();
      await expect(pay(world.page)).toHaveCount(0);
    },
    'paying.providerUnavailable': async (world, snapshot) => {
      await expectFailed(world, snapshot.context as PaymentContext);
      await expect(world.page.getByRole('alert')).toContainText(
        'Card payments cannot be taken right now.',
      );
    },
    failed: (world, snapshot) => expectFailed(world, snapshot.context as PaymentContext),
  },
};

async function expectSummary({ page, product }: PaymentWorld) {
  const summary = page.getByRole('region', { name: /Pay for/ });
  await expect(summary.getByRole('heading')).toHaveText(`Pay for ${product.name}`);
  await expect(summary.getByText(`$${(product.price * 2).toFixed(2)}`)).toBeVisible();
}

async function expectReady(world: PaymentWorld) {
  await expectSummary(world);
  // Pay is enabled in ready, and only here.
  await expect(pay(world.page)).toBeEnabled();
  await expect(world.page.getByLabel('Card number')).toBeEnabled();
}

async function expectFailed(world: PaymentWorld, context: PaymentContext) {
  if (context.order) await expectSummary(world);
  const alert = world.page.getByRole('alert');
  await expect(alert).toContainText(context.error!);
  // Try again only where it can help ('No order with this id.' cannot change by asking again).
  await expect(tryAgain(world.page)).toHaveCount(context.retryable ? 1 : 0);
  await expect(pay(world.page)).toHaveCount(0);
}
