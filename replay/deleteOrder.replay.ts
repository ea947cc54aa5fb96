import { expect, type Page } from '@playwright/test';
import { copy } from '@contract/copy';
import type { DeleteOrderContext } from '../src/features/orders/deleteOrderMachine';
import { busyRefusal, deleteOrderModel, paidRefusal } from '../src/test/machines/deleteOrder.model';
import { Gate } from './gate';
import { noWay, type MachineReplay } from './replayTable';
import { ownProduct, payThroughApi, shopperOrder, type OwnProduct } from './storeWorld';

interface World {
  page: Page;
  product: OwnProduct;
  deletes: Gate;
  /** The store deleted it: the row must go. */
  deleted: boolean;
  /** Pays the order meanwhile: the shopper's other tab. */
  payMeanwhile(): Promise<void>;
}

const dialog = (world: World) => world.page.getByRole('dialog', { name: 'Delete this order?' });
const row = (world: World) => world.page.getByRole('row', { name: new RegExp(world.product.name) });

/** The row is on the table while the order is; the dialog is for it. */
async function expectDialog(world: World, snapshot: { context: unknown }) {
  const context = snapshot.context as DeleteOrderContext;
  await expect(row(world)).toBeVisible();
  const modal = dialog(world);
  await expect(modal).toBeVisible();
  await expect(modal.getByText(world.product.name)).toBeVisible();
  return { modal, context };
}

/** My Orders' delete-confirm modal, on an unpaid order of the path's own product. */
export const deleteOrderReplay: MachineReplay<World> = {
  model: deleteOrderModel,
  async start({ page, tokens }) {
    const product = await ownProduct(page.request, await tokens.admin());
    const order = await shopperOrder(page.request, await tokens.shopper(), product._id);
    const deletes = await Gate.on(page, 'DELETE /api/order/:id', 'DELETE', /\/api\/order\/[^/?]+$/);
    await page.goto('/dashboard/myorder');
    await expect(page.getByRole('table', { name: copy.myOrders.title })).toBeVisible();
    return {
      page,
      product,
      deletes,
      deleted: false,
      payMeanwhile: async () =>
        payThroughApi(page.request, await tokens.shopper(), { orderId: order._id }),
    };
  },
  events: {
    DELETE_ORDER: (world) =>
      row(world).getByRole('button', { name: copy.myOrders.deleteOrder }).click(),
    CONFIRM: (world) => dialog(world).getByRole('button', { name: 'Delete' }).click(),
    CANCEL: (world) => dialog(world).getByRole('button', { name: 'Cancel' }).click(),
    async 'xstate.done.actor.deleteOrder'(world, event) {
      if (event.output.deletedCount) {
        world.deleted = true;
        return world.deletes.pass();
      }
      // The store never says 0 (it refuses instead): an older API's answer, as the spec allows.
      const route = await world.deletes.next();
      await route.fulfill({ json: { deletedCount: 0 } });
    },
    async 'xstate.error.actor.deleteOrder'(world, event) {
      if (event.error === paidRefusal) {
        await world.payMeanwhile();
        return world.deletes.pass();
      }
      if (event.error === busyRefusal) return world.deletes.fail(503, busyRefusal.message);
      noWay('deleteOrder', event);
    },
  },
  states: {
    async idle(world) {
      await expect(world.page.getByRole('dialog')).toHaveCount(0);
      // Deleted: gone from the table without a reload; else still there to delete.
      if (world.deleted) await expect(row(world)).toHaveCount(0);
      else await expect(row(world).getByRole('button', { name: 'DELETE ORDER' })).toBeEnabled();
    },
    async confirming(world, snapshot) {
      const { modal } = await expectDialog(world, snapshot);
      await expect(modal.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      await expect(modal.getByRole('button', { name: 'Delete' })).toBeEnabled();
      await expect(modal.getByRole('alert')).toHaveCount(0);
    },
    async deleting(world, snapshot) {
      const { modal } = await expectDialog(world, snapshot);
      await expect(modal.getByRole('button', { name: 'Delete' })).toBeDisabled();
      await expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      await expect(modal.getByRole('status')).toContainText('Deleting the order');
    },
    async error(world, snapshot) {
      const { modal, context } = await expectDialog(world, snapshot);
      await expect(modal.getByRole('alert')).toContainText(context.error!);
      await expect(modal.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      const confirm = modal.getByRole('button', { name: 'Delete' });
      // Delete again only where it can help.
      if (context.retryable) await expect(confirm).toBeEnabled();
      else await expect(confirm).toBeDisabled();
    },
  },
};
