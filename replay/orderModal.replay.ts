import { expect, type Locator, type Page } from '@playwright/test';
import { copy } from '@contract/copy';
import type { OrderDraft } from '../src/features/checkout/orderModal/orderFields';
import type { OrderModalContext } from '../src/features/checkout/orderModal/orderModalMachine';
import {
  modelProduct,
  modelProfile,
  orderModalModel,
  serverRefusals,
} from '../src/test/machines/orderModal.model';
import { RESENT_ON_RESET, bearer } from '../playwright/accounts';
import { Gate } from './gate';
import { noWay, type MachineReplay } from './replayTable';
import { ownProduct, toast, type OwnProduct } from './storeWorld';

interface World {
  page: Page;
  product: OwnProduct;
  orders: Gate;
  profile: Gate;
  /** What the last SUBMIT sent. */
  draft: OrderDraft | null;
  /** Another shopper takes the stock meanwhile. */
  takeStock(): Promise<void>;
}

const labels = { address: 'Address', number: 'Phone Number', quantity: 'Quantity' } as const;
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Your order' });
const addToBag = (page: Page) => page.getByRole('button', { name: 'Add to shopping bag' });

/**
 * The order modal on the product page of the path's own product: 10 in stock, 2 kept back, as
 * the model's. The shopper has no orders before (the list the form prefills from is empty) and
 * a profile, which reaches the page when the path's PREFILL says so.
 */
export const orderModalReplay: MachineReplay<World> = {
  model: orderModalModel,
  async start({ page, tokens }) {
    const product = await ownProduct(page.request, await tokens.admin(), {
      stock: modelProduct.availablequantity,
      keptBack: modelProduct.orderquantity,
      price: modelProduct.price,
      kind: 'Tyre',
    });
    const { name, Department, Address, instituteName, Linkedin, image } = modelProfile;
    const saved = await page.request.post('/api/profile', {
      ...RESENT_ON_RESET,
      headers: bearer(await tokens.shopper()),
      data: { name, Department, Address, instituteName, Linkedin, image },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.route(/\/api\/order\?email=/, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.fallback(),
    );
    const world: World = {
      page,
      product,
      orders: await Gate.on(page, 'POST /api/order', 'POST', /\/api\/order$/),
      profile: await Gate.on(page, 'GET /api/profile', 'GET', /\/api\/profile\?/),
      draft: null,
      async takeStock() {
        const res = await page.request.post(`/api/product/${product._id}/stock`, {
          ...RESENT_ON_RESET,
          headers: bearer(await tokens.admin()),
          data: { delta: -modelProduct.availablequantity, reason: 'sold meanwhile' },
        });
        expect(res.ok(), await res.text()).toBe(true);
      },
    };
    await page.goto(`/productdetails/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    return world;
  },
  events: {
    OPEN: (world) => addToBag(world.page).click(),
    async SUBMIT(world, event) {
      const draft = event.draft as OrderDraft;
      world.draft = draft;
      const form = dialog(world.page);
      await form.getByLabel('Address').fill(draft.address);
      await form.getByLabel('Phone Number').fill(draft.number);
      await form.getByLabel('Quantity').fill(draft.quantity);
      await form.getByRole('button', { name: 'Place order' }).click();
    },
    // The field's new value in one change, as the model's EDIT is.
    EDIT: (world, event) =>
      dialog(world.page)
        .getByLabel(labels[event.field as keyof typeof labels])
        .fill(event.value as string),
    PREFILL: (world) => world.profile.pass(),
    CLOSE: (world) => dialog(world.page).getByRole('button', { name: 'Cancel' }).click(),
    'xstate.done.actor.placeOrder': (world) => world.orders.pass(),
    async 'xstate.error.actor.placeOrder'(world, event) {
      const sentUnits = Number(world.draft?.quantity) > 0;
      if (event.error === serverRefusals.stock && sentUnits) {
        await world.takeStock();
        return world.orders.pass();
      }
      if (event.error === serverRefusals.zero && !sentUnits) return world.orders.pass();
      // The refusal the store gives another draft than the one typed: answered as it words it.
      const { status, message, field } = event.error as typeof serverRefusals.zero;
      if (status) return world.orders.fail(status, message, field ?? undefined);
      noWay('orderModal', event);
    },
  },
  states: {
    closed: (world) => expectClosed(world),
    success: async (world) => {
      await expectClosed(world);
      // The spec's words, and a way straight to the order's payment page.
      const ordered = toast(world.page, copy.order.ordered);
      await expect(ordered.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
        'href',
        /^\/dashboard\/payment\/[0-9a-f-]{36}$/,
      );
    },
    async 'open.editing'(world, snapshot) {
      await expectForm(world, snapshot.context as OrderModalContext);
    },
    // The checks run in one go: the machine passes through on the way to submitting or failure.
    async 'open.validating'(world, snapshot) {
      await expectForm(world, snapshot.context as OrderModalContext);
    },
    async 'open.submitting'(world, snapshot) {
      const modal = await expectShown(world, snapshot.context as OrderModalContext);
      await expect(modal.getByRole('button', { name: 'Place order' })).toBeDisabled();
      await expect(
        modal.getByRole('status').filter({ hasText: 'Placing your order' }),
      ).toBeVisible();
    },
    async 'open.failure'(world, snapshot) {
      const context = snapshot.context as OrderModalContext;
      const modal = await expectForm(world, context);
      const reason = context.reason!;
      const field = context.reasonField;
      if (field && context.fieldErrors[field] === reason) {
        // The server's refusal of a field: said once, under it, with no toast repeating it.
        await expect(modal.getByText(reason)).toHaveCount(1);
        await expect(toast(modal, reason)).toHaveCount(0);
      } else {
        // The spec's toast, in the dialog.
        await expect(toast(modal, reason).last()).toBeVisible();
      }
      await expect(modal.getByText(/body\.|must be >=|must NOT/)).toHaveCount(0);
    },
  },
};

async function expectClosed({ page }: World) {
  await expect(dialog(page)).toHaveCount(0);
  await expect(addToBag(page)).toBeEnabled();
}

/** Product, price, name and email, shown read-only. */
async function expectShown({ page, product }: World, context: OrderModalContext) {
  const modal = dialog(page);
  await expect(modal).toBeVisible();
  const shown = (term: string) =>
    modal.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(shown('Product')).toHaveText(product.name);
  await expect(shown('Price')).toHaveText(`$${product.price.toFixed(2)}`);
  await expect(shown('Name')).toHaveText(context.buyer!.name);
  await expect(shown('Email')).toHaveText(context.buyer!.email);
  return modal;
}

/** Each field shows what is in the form and, under it, what is wrong with it; the others nothing. */
async function expectForm(world: World, context: OrderModalContext): Promise<Locator> {
  const modal = await expectShown(world, context);
  await expect(modal.getByRole('button', { name: 'Place order' })).toBeEnabled();
  for (const [field, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
    const input = modal.getByLabel(label);
    await expect(input).toHaveValue(context.draft[field]);
    const message = context.fieldErrors[field];
    if (message) {
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
    } else {
      await expect(input).not.toHaveAttribute('aria-invalid');
    }
  }
  return modal;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
