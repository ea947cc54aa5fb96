import { expect, type Page } from '@playwright/test';
import type { OrderAction } from '@contract/orderLifecycle';
import { formatDollars, lifecycleCopy } from '@contract/lifecycleCopy';
import type { Order } from '@contract/orders';
import { orderPageCopy } from '../src/features/orders/orderPageCopy';
import type { AnyMachineSnapshot } from 'xstate';
import {
  ORDER_ACTIONS,
  type OrderLifecycleContext,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
} from '../src/features/orders/lifecycle/orderLifecycleMachine';
import { orderLifecycleModel } from '../src/test/machines/orderLifecycle.model';
import { RESENT_ON_RESET, bearer } from '../playwright/accounts';
import type { Tokens } from './fixtures';
import { noWay, type MachineReplay } from './replayTable';
import { ownProduct, payThroughApi, shopperOrder, toast } from './storeWorld';

interface World {
  page: Page;
  tokens: Tokens;
  orderId: string;
}

const DAY = 24 * 60 * 60 * 1000;
const idempotencyKey = () => crypto.randomUUID().replace(/-/g, '');

/** What an admin does meanwhile, in the admin's own window: through the API. */
async function asAdmin(world: World, action: string, data: object) {
  const res = await world.page.request.post(`/api/order/${world.orderId}/${action}`, {
    ...RESENT_ON_RESET,
    headers: { ...bearer(await world.tokens.admin()), 'idempotency-key': idempotencyKey() },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The shopper's page shows what the store holds now. */
const reload = async (world: World) => {
  await world.page.reload();
};

const details = (page: Page) => page.getByRole('region', { name: orderPageCopy.details.heading });
const actions = (page: Page) => page.getByRole('region', { name: orderPageCopy.actions.heading });

/** The actions the shopper is offered in this state, as the model (the table) allows them. */
const ownerActions = (snapshot: AnyMachineSnapshot): OrderAction[] =>
  ORDER_ACTIONS.filter((type) => snapshot.can({ type, by: 'owner' }));

const actionControl = (page: Page, action: OrderAction) =>
  actions(page).getByRole(action === 'pay' ? 'link' : 'button', {
    name: lifecycleCopy.action[action],
    exact: true,
  });

async function expectOrder(world: World, snapshot: AnyMachineSnapshot) {
  const { facts } = snapshot.context as OrderLifecycleContext;
  const { page } = world;
  await expect(
    details(page).getByText(lifecycleCopy.status[facts.status], { exact: true }),
  ).toBeVisible();
  if (facts.refundedCents > 0) {
    await expect(details(page)).toContainText(formatDollars(facts.refundedCents));
  }
  // Exactly the actions the table allows the shopper here: no Cancel on a shipped order.
  const offered = ownerActions(snapshot);
  for (const action of ORDER_ACTIONS) {
    if (offered.includes(action)) await expect(actionControl(page, action)).toBeVisible();
    else await expect(actionControl(page, action)).toHaveCount(0);
  }
  if (offered.length === 0) await expect(actions(page)).toContainText(orderPageCopy.actions.none);
}

/**
 * An order's life after checkout, on the shopper's order page: the shopper's own actions by
 * their buttons, an admin's through the API meanwhile (the admin's pages are the e2e
 * journeys'), then the shopper's page read again. The clock (a hold run out, a delivery 31
 * days ago) is the order as the store would answer it then.
 */
export const orderLifecycleReplay: MachineReplay<World> = {
  model: orderLifecycleModel,
  async start({ page, tokens }, path) {
    const { facts } = path.input as OrderLifecycleInput;
    const product = await ownProduct(page.request, await tokens.admin(), { price: 30 });
    const order = await shopperOrder(page.request, await tokens.shopper(), product._id, 1);
    const world: World = { page, tokens, orderId: order._id };
    if (facts.status === 'delivered') {
      await payThroughApi(page.request, await tokens.shopper(), { orderId: order._id });
      await asAdmin(world, 'ship', { carrier: 'DHL', trackingNumber: 'JD0146 0000 6281' });
      await asAdmin(world, 'deliver', {});
    }
    await page.route(new RegExp(`/api/order/${order._id}$`), async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const answer = (await response.json()) as Order;
      if (facts.status === 'expired' && answer.status === 'unpaid') {
        answer.expired = true;
        answer.expiresAt = new Date(Date.now() - 60_000).toISOString();
      }
      if (facts.status === 'delivered' && answer.shipment?.deliveredAt) {
        answer.shipment.deliveredAt = new Date(Date.now() - 31 * DAY).toISOString();
      }
      await route.fulfill({ response, json: answer });
    });
    await page.goto(`/dashboard/myorder/${order._id}`);
    return world;
  },
  events: {
    async pay(world, event) {
      if ((event as OrderLifecycleEvent).by !== 'owner') noWay('orderLifecycle', event);
      // Paying is the payment page's replay: here the shopper has paid in another tab.
      await payThroughApi(world.page.request, await world.tokens.shopper(), {
        orderId: world.orderId,
      });
      await reload(world);
    },
    async ship(world) {
      await asAdmin(world, 'ship', { carrier: 'DHL', trackingNumber: 'JD0146 0000 6281' });
      await reload(world);
    },
    async deliver(world) {
      await asAdmin(world, 'deliver', {});
      await reload(world);
    },
    async cancel(world, event) {
      if ((event as OrderLifecycleEvent).by === 'admin') {
        await asAdmin(world, 'cancel', { reason: 'Out of stock at the warehouse' });
        return reload(world);
      }
      await actionControl(world.page, 'cancel').click();
      const dialog = world.page.getByRole('dialog', { name: 'Cancel this order?' });
      await dialog.getByRole('button', { name: lifecycleCopy.action.cancel }).click();
      await expect(toast(world.page, 'The order is cancelled.')).toBeVisible();
    },
    async refund(world, event) {
      const { amountCents } = event as OrderLifecycleEvent;
      await asAdmin(world, 'refund', {
        // The whole of what is left, or the model's part.
        amount: amountCents === undefined ? await leftToRefund(world) : amountCents / 100,
        reason: 'Replay',
      });
      await reload(world);
    },
    async requestReturn(world) {
      await actionControl(world.page, 'requestReturn').click();
      const dialog = world.page.getByRole('dialog', { name: 'Return this order' });
      await dialog.getByLabel('Reason for the return').fill('One battery arrived cracked');
      await dialog.getByRole('button', { name: 'Ask for a return' }).click();
      await expect(toast(world.page, 'Your return is asked for.')).toBeVisible();
    },
    async receiveReturn(world) {
      await asAdmin(world, 'return', { received: true, restock: false });
      await reload(world);
    },
  },
  states: {
    // Passes on at once, to the order's status.
    start: async () => {},
    unpaid: expectOrder,
    paid: expectOrder,
    shipped: expectOrder,
    delivered: expectOrder,
    cancelled: expectOrder,
    expired: expectOrder,
    return_requested: expectOrder,
    returned: expectOrder,
  },
};

/** What is paid and neither refunded nor under way yet, in dollars, as the store holds it. */
async function leftToRefund(world: World): Promise<number> {
  const res = await world.page.request.get(`/api/order/${world.orderId}`, {
    ...RESENT_ON_RESET,
    headers: bearer(await world.tokens.admin()),
  });
  const order = (await res.json()) as Order;
  return (
    Math.round((order.price * order.quantity - order.refunded - order.refundPending) * 100) / 100
  );
}
