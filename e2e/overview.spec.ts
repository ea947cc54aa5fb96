import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../playwright/fixtures';
import { ADMIN, bearer, unique, appToken } from '../playwright/accounts';
import { addProduct, paidShopperOrder, retireProducts } from '../playwright/storeApi';
import { shootBothWidths, signInAt } from './support';

/**
 * The admins' overview and All Orders (issue 30) against the whole stack: a shopper's order paid
 * through the API is in the work queue and in today's revenue, and All Orders finds it by status
 * and search. Runs share one database (one worker), so today's revenue is compared with what it
 * was just before the payment.
 */

const made: string[] = [];
test.afterAll(async ({ request }) => retireProducts(request, made));

/** Today's net revenue in dollars, as the API says it now. */
async function todaysRevenue(request: APIRequestContext): Promise<number> {
  const token = await appToken(request, ADMIN);
  const overview = await (
    await request.get('/api/admin/overview', { headers: bearer(token) })
  ).json();
  const today = overview.revenue.at(-1) as { paid: number; refunded: number };
  return Math.round(today.paid * 100 - today.refunded * 100) / 100;
}

const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

test('a paid order is in the work queue and today’s revenue, and All Orders finds it', async ({
  tokens,
  page,
  request,
}) => {
  const admin = await tokens.admin();
  const product = await addProduct(request, admin, {
    name: `Overview Battery ${unique()}`,
    price: 123.45,
    stock: 20,
  });
  made.push(product._id);
  const before = await todaysRevenue(request);
  const orderId = await paidShopperOrder(request, product._id, 2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAt(page, '/dashboard/overview', ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // First of the admin pages in the sidebar, and the page it is on.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link').nth(1)).toHaveText('Overview');
  await expect(sidebar.getByRole('link', { name: 'Overview' })).toHaveClass(/active/);

  // The work queue: the order, linking to its page.
  const queue = page.getByRole('region', { name: 'To ship' });
  const row = queue.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('link', { name: product.name })).toHaveAttribute(
    'href',
    `/dashboard/allOrders/${orderId}`,
  );
  await expect(row).toContainText('Demo Shopper (shopper@store.test)');
  await expect(row).toContainText('Delivery');

  // Today's revenue includes its 2 × $123.45, in the summary and the chart's hidden table.
  const revenue = page.getByRole('region', { name: 'Revenue, last 30 days' });
  const today = dollars(before + 246.9);
  await expect(revenue.locator('dt', { hasText: 'Today' }).locator('+ dd')).toHaveText(today);
  const figures = revenue.getByRole('table', { name: 'Revenue per day, last 30 days' });
  await expect(figures.getByRole('row').last()).toContainText(today);
  // The chart itself: a canvas no wider than its panel.
  const canvas = revenue.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const fits = async () => {
    const [chart, panel] = await Promise.all([canvas.boundingBox(), revenue.boundingBox()]);
    expect(chart!.width).toBeGreaterThan(100);
    expect(chart!.x + chart!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
  };
  await fits();
  await shootBothWidths(page, 'overview', 'overview', async () => {
    await expect(canvas).toBeVisible();
    await fits();
  });

  // All Orders: filtered by status, found by a search kept in the address.
  await sidebar.getByRole('link', { name: 'All Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Paid' });
  await expect(page).toHaveURL(/status=paid/);
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(product.name);
  await expect(page).toHaveURL(/q=Overview/);
  const orders = page.getByRole('table', { name: 'All Orders' });
  const found = orders.getByRole('row').filter({ hasText: product.name });
  await expect(found).toHaveCount(1);
  await expect(found.getByRole('cell', { name: 'Paid', exact: true })).toBeVisible();
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(found.getByRole('link', { name: 'Details' })).toHaveAttribute(
    'href',
    `/dashboard/allOrders/${orderId}`,
  );
  // A reload keeps the filter and the search.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(product.name);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('paid');
  await expect(found).toHaveCount(1);
  await shootBothWidths(page, 'overview', 'all-orders', () => expect(found).toBeVisible());
  // Searched by its id, too.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderId);
  await expect(page).toHaveURL(new RegExp(`q=${orderId}`));
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  // Not shipped yet: another status finds nothing.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Shipped' });
  await expect(page.getByText('No orders match')).toBeVisible();
});
