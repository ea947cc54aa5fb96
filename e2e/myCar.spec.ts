import { expect, test, type Page } from '@playwright/test';
import { expectWellFormed, screenshots } from './support';

/** Picks a car in the "My car" picker: make, model, year, version, then shows its tyres. */
async function pickGolf(page: Page) {
  const picker = page.getByRole('form', { name: 'My car' });
  await picker.getByLabel('Make').selectOption('VW');
  await picker.getByLabel('Model').selectOption('Golf');
  await picker.getByLabel('Year').selectOption('2016');
  const version = picker.getByLabel('Version');
  await expect(version.getByRole('option', { name: /VII 1\.4 TSI/ })).toHaveCount(1);
  // Only what exists: no Golf VIII was made in 2016.
  await expect(version.getByRole('option', { name: /VIII/ })).toHaveCount(0);
  await version.selectOption({ label: 'VW Golf VII 1.4 TSI · 205/55 R16' });
  await picker.getByRole('button', { name: 'Show tyres for this car' }).click();
}

const chosen = 'Tyres for VW Golf VII 1.4 TSI (2016)';

for (const width of [390, 1280]) {
  test(`a shopper picks their car and sees the tyres that fit it, at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/');
    await pickGolf(page);

    await expect(page).toHaveURL(/\/shop\?vehicle=[0-9a-f-]{36}&year=2016$/);
    await expect(page.getByRole('heading', { name: chosen })).toBeVisible();
    const fitting = page.getByRole('list', { name: 'Products' }).getByRole('article');
    await expect(fitting.first()).toBeVisible();
    // Only the car's own size, and none marked as an alternative.
    for (const name of await fitting.getByRole('heading').allTextContents()) {
      expect(name).toContain('205/55 R16');
    }
    await expect(
      page.getByRole('list', { name: 'Also fits (check with your fitter)' }),
    ).toHaveCount(0);

    await page.getByRole('switch', { name: 'Also fits (check with your fitter)' }).check();
    await expect(page).toHaveURL(/alternatives=true/);
    const alternatives = page
      .getByRole('list', { name: 'Also fits (check with your fitter)' })
      .getByRole('article');
    await expect(alternatives.filter({ hasText: '225/45 R17' })).toContainText('+0.4 % diameter');
    await expect(alternatives.filter({ hasText: '195/55 R16' })).toContainText('−1.7 % diameter');
    // The originals stay apart, unmarked.
    for (const name of await fitting.getByRole('heading').allTextContents()) {
      expect(name).toContain('205/55 R16');
    }
    await expectWellFormed(page, `the shop for a car at ${width}px`);
    await page.screenshot({ path: `${screenshots}/my-car-shop-${width}.png`, fullPage: true });

    // A reload, and a bare shop later, keep the car.
    await page.reload();
    await expect(page.getByRole('heading', { name: chosen })).toBeVisible();
    await page.goto('/shop');
    await expect(page.getByRole('heading', { name: chosen })).toBeVisible();
    await expect(page).toHaveURL(/vehicle=/);

    // Clear forgets it.
    await page.getByRole('link', { name: 'Clear', exact: true }).click();
    await expect(page.getByRole('form', { name: 'My car' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: chosen })).toHaveCount(0);
  });
}

test('typing a car in the search box offers it', async ({ page }) => {
  await page.goto('/shop?q=golf%202016');
  const cars = page.getByRole('navigation', { name: 'Cars' });
  await cars.getByRole('link', { name: 'Tyres for VW Golf VII 1.4 TSI (2016)' }).click();
  await expect(page.getByRole('heading', { name: chosen })).toBeVisible();
});

test('the landing page offers the picker, well formed at both widths', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/');
    await expect(page.getByRole('form', { name: 'My car' }).getByLabel('Make')).toBeEnabled();
    await expectWellFormed(page, `the landing page's picker at ${width}px`);
    await page.screenshot({ path: `${screenshots}/my-car-landing-${width}.png` });
  }
});
