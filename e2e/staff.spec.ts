import { expect, test } from '../playwright/fixtures';
import {
  ADMIN,
  bearer,
  emulatorSignIn,
  emulatorUrl,
  exchange,
  unique,
} from '../playwright/accounts';
import { addProduct, paidShopperOrder, retireProducts } from '../playwright/storeApi';
import { emulatorAccounts } from '../scripts/emulatorAccounts';
import { gotoLive, screenshots, signInAt } from './support';

/**
 * Staff roles and the audit trail (issue 52) in Chromium at 1280 px: the owner (the demo admin,
 * in ADMIN_EMAILS) gives a new person the support role on the staff page; that person's
 * dashboard shows only what support may do, and a refund is refused them in words; the owner
 * finds both the role and a shipment in the audit trail.
 */

const made: string[] = [];
test.afterAll(async ({ request }) => retireProducts(request, made));

test('the owner gives a role, support cannot refund, and the owner finds it all in the audit trail', async ({
  tokens,
  page,
  browser,
  request,
}) => {
  // A new account with a verified email, signed in once so the store knows it.
  const support = `support.${unique()}@store.test`;
  const { localId } = await emulatorSignIn(request, support, { create: true });
  await emulatorAccounts(await emulatorUrl(request)).markEmailVerified(localId);
  await exchange(request, support, (await emulatorSignIn(request, support)).idToken);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAt(page, '/dashboard/staff', ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Give or take roles' });
  await form.getByRole('textbox', { name: 'Email' }).fill(support);
  await form.getByRole('checkbox', { name: /^Support/ }).check();
  await form.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText(`Roles of ${support} saved.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: support });
  await expect(row.getByRole('cell').first()).toHaveText('Support');
  await page.screenshot({ path: `${screenshots}/staff-roles-1280.png`, fullPage: true });

  // The support person's dashboard: only what support may do.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const theirs = await context.newPage();
  await signInAt(theirs, '/dashboard/allOrders', support);
  const sidebar = theirs.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link')).toHaveText(['Profile', 'All Orders', 'All User']);
  await theirs.screenshot({ path: `${screenshots}/staff-support-1280.png`, fullPage: true });
  await context.close();

  // A refund is refused to support, in words; the owner ships the order.
  const owner = await tokens.admin();
  const product = await addProduct(request, owner, {
    name: `Staff Tyre ${unique()}`,
    price: 80,
    stock: 10,
  });
  made.push(product._id);
  const orderId = await paidShopperOrder(request, product._id, 1);
  const supportToken = await exchange(
    request,
    support,
    (await emulatorSignIn(request, support)).idToken,
  );
  const refused = await request.post(`/api/order/${orderId}/refund`, {
    headers: bearer(supportToken),
    data: { amount: 10, reason: 'Asked on the phone' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    "Only the Owner, Admin or Refunds role may give refunds; you hold Support. Ask the store's owner for the role.",
  );
  const shipped = await request.post(`/api/order/${orderId}/ship`, {
    headers: bearer(owner),
    data: { carrier: 'DHL', trackingNumber: 'JD0146' },
  });
  expect(shipped.status()).toBe(200);

  // The owner finds each action in the audit trail.
  // Live: a filter sent before hydration is the browser's form, which the page does not read.
  await gotoLive(page, '/dashboard/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter' });
  await filters.getByLabel('Object id').fill(support);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const roleRow = page
    .getByRole('row')
    .filter({ hasText: 'roles: set' })
    .filter({ hasText: support });
  await expect(roleRow).toContainText(ADMIN);
  await expect(roleRow).toContainText('"support"');
  await filters.getByLabel('Object id').fill(orderId);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const shipRow = page.getByRole('row').filter({ hasText: 'order: ship' });
  await expect(shipRow).toContainText('POST /api/order/:id/ship');
  await expect(shipRow).toContainText('"shipped"');
  await page.screenshot({ path: `${screenshots}/staff-audit-1280.png`, fullPage: true });

  const download = page.waitForEvent('download');
  await filters.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
});
