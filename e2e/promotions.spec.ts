import { expect, test } from '../playwright/fixtures';
import { ADMIN, unique } from '../playwright/accounts';
import { screenshots, signInAt } from './support';

/**
 * Promotions (issue 49) in Chromium at 390 and 1280 px: an admin creates "4 for 3 on winter
 * tyres" (automatic) and a one-use code on the Promotions page, sees them listed, and ends the
 * code at once. The shopper's side (badge, checkout with the code, a tyre returned) is
 * server/test/promotions.test.ts for now.
 */
for (const width of [390, 1280]) {
  test(`an admin creates 4 for 3 on winter tyres and a one-use code at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAt(page, '/dashboard/promotions', ADMIN);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create promotion' });
    const name = `4 for 3 on winter tyres ${unique()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('What it gives').selectOption('buyNPayM');
    await form.getByLabel('Buy', { exact: true }).fill('4');
    await form.getByLabel('Pay for').fill('3');
    await form.getByLabel('Applies to').selectOption('season');
    await form.getByLabel('Which (comma-separated)').fill('winter');
    await form.getByRole('button', { name: 'Create promotion' }).click();
    await expect(page.getByText(`Created ${name}.`)).toBeVisible();
    const set = page.getByRole('row').filter({ hasText: name });
    await expect(set).toContainText('4 for 3');
    await expect(set).toContainText('automatic');

    const code = `FLYER${unique()}`
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 20);
    await form.getByLabel('Name').fill(`Flyer ${code}`);
    await form.getByLabel('What it gives').selectOption('percentOff');
    await form.getByLabel('Percent off').fill('10');
    await form.getByLabel('Uses in all (optional)').fill('1');
    await form.getByLabel('Code (empty: automatic)').fill(code);
    await form.getByRole('button', { name: 'Create promotion' }).click();
    const flyer = page.getByRole('row').filter({ hasText: code });
    await expect(flyer).toContainText('running');
    await expect(flyer).toContainText('0 / 1');
    await page.screenshot({ path: `${screenshots}/promotions-${width}.png`, fullPage: true });

    await flyer.getByRole('button', { name: 'End now' }).click();
    await expect(page.getByText(`Flyer ${code} has ended.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('ended');
    await set.getByRole('button', { name: 'End now' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('ended');
  });
}
