import { expect, test, type Page } from '@playwright/test';
import { shootBothWidths } from './support';
import { SHOPPER, logIn } from '../playwright/accounts';

/**
 * An unpaid order past its stock hold, as the shopper sees it: 'expired' in My Orders with no
 * Pay, and the payment page saying why instead of a card form. The hold is 30 minutes on this
 * stack, so the order list and the order are answered as the server answers them once it ran
 * out (the server side is tested in security/holds.spec.ts).
 */

async function signIn(page: Page) {
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, SHOPPER);
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
}

test('an expired order shows as expired, with no Pay, in My Orders and on the payment page', async ({
  page,
}) => {
  // Four full-page screenshots on a busy two-core machine.
  test.setTimeout(180_000);
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const [product] = await (await page.request.get('/api/product')).json();
  const placed = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      productId: product._id,
      name: 'Demo Shopper',
      address: '12 Foundry Lane, Leeds',
      number: '0113 496 0000',
      quantity: 1,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const expired = {
    ...order,
    expired: true,
    expiresAt: new Date(Date.now() - 60_000).toISOString(),
  };
  await page.route('**/api/order?email=*', async (route) => {
    const list = (await (await route.fetch()).json()) as Array<{ _id: string }>;
    await route.fulfill({ json: list.map((o) => (o._id === order._id ? expired : o)) });
  });
  await page.route(`**/api/order/${order._id}`, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: expired }) : route.fallback(),
  );

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: product.name }).first();
  await expect(row.getByText('expired', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0);
  await shootBothWidths(page, 'holds', 'my-orders-expired');

  await page.goto(`/dashboard/payment/${order._id}`);
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('expired and its stock went back on sale');
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await shootBothWidths(page, 'holds', 'payment-expired');

  // Tidy up: the order is the shopper's own and unpaid.
  await page.request.delete(`/api/order/${order._id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
});
