import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { vehicleCopy } from '../contract/vehicleCopy';
import { expectWellFormed, screenshots } from './support';

/**
 * Issue 54: without JavaScript the "My car" picker is a GET form, a page load a step (make, model,
 * year, version), and its last step shows the tyres that fit the car; with JavaScript a page
 * opened at a step hydrates without an error and the picker goes on from there.
 */

const words = vehicleCopy.picker;
const VERSION = 'VW Golf VII 1.4 TSI · 205/55 R16';
const CHOSEN = 'Tyres for VW Golf VII 1.4 TSI (2016)';

const picker = (page: Page) => page.getByRole('form', { name: words.heading });

/**
 * The lists shown are the steps so far, each one to choose from (never a "—" list), and the
 * picker stays within the screen (axe needs the page's script: not here).
 */
async function expectStep(page: Page, lists: string[], where: string) {
  const form = picker(page);
  await expect(form.getByRole('combobox'), where).toHaveCount(lists.length);
  for (const label of lists) await expect(form.getByLabel(label), where).toBeEnabled();
  await expect(form.getByRole('option', { name: '—' }), where).toHaveCount(0);
  await expectWithinScreen(page, where, form);
}

async function expectWithinScreen(page: Page, where: string, part = page.locator('main')) {
  const width = page.viewportSize()!.width;
  for (const box of [await page.locator('body').boundingBox(), await part.boundingBox()]) {
    expect(box!.x + box!.width, where).toBeLessThanOrEqual(width);
  }
}

/** Chooses `option` in the list `label`, sends the form with `button`, and waits for the page. */
async function choose(
  page: Page,
  label: string,
  option: string | { label: string },
  button: string,
) {
  const form = picker(page);
  await form.getByLabel(label).selectOption(option);
  await form.getByRole('button', { name: button }).click();
}

async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({
    path: `${screenshots}/no-script-car-${name}-${width}.png`,
    fullPage: true,
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [390, 1280]) {
    test(`the landing page's picker leads step by step to the tyres that fit, at ${width}px`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/');
      await expectStep(page, [words.make], `make at ${width}px`);
      await expect(picker(page).getByRole('button', { name: words.show })).toHaveCount(0);
      await shoot(page, '1-make', width);

      await choose(page, words.make, 'VW', words.next);
      await expect(page).toHaveURL(/\/\?make=VW$/);
      await expect(picker(page).getByLabel(words.make)).toHaveValue('VW');
      await expectStep(page, [words.make, words.model], `model at ${width}px`);
      await shoot(page, '2-model', width);

      await choose(page, words.model, 'Golf', words.next);
      await expect(page).toHaveURL(/\/\?make=VW&model=Golf$/);
      await expectStep(page, [words.make, words.model, words.year], `year at ${width}px`);
      await shoot(page, '3-year', width);

      await choose(page, words.year, '2016', words.next);
      await expect(page).toHaveURL(/\/\?make=VW&model=Golf&year=2016$/);
      const all = [words.make, words.model, words.year, words.version];
      await expectStep(page, all, `version at ${width}px`);
      // Only what exists: no Golf VIII was made in 2016.
      const version = picker(page).getByLabel(words.version);
      await expect(version.getByRole('option', { name: /VIII/ })).toHaveCount(0);
      await shoot(page, '4-version', width);

      await choose(page, words.version, { label: VERSION }, words.show);
      await expect(page).toHaveURL(/\/shop\?.*vehicle=[0-9a-f-]{36}/);
      await expect(page.getByRole('heading', { name: CHOSEN })).toBeVisible();
      const fitting = page.getByRole('list', { name: 'Products' }).getByRole('article');
      await expect(fitting.first()).toBeVisible();
      for (const name of await fitting.getByRole('heading').allTextContents()) {
        expect(name).toContain('205/55 R16');
      }
      await expectWithinScreen(page, `the car's tyres at ${width}px`);
      await shoot(page, '5-tyres', width);
    });
  }

  test('the shop’s picker works the same, keeping the search', async ({ page }) => {
    await page.goto('/shop?season=summer');
    await choose(page, words.make, 'VW', words.next);
    await expect(page).toHaveURL(/\/shop\?make=VW&season=summer$/);
    await choose(page, words.model, 'Golf', words.next);
    await choose(page, words.year, '2016', words.next);
    await expectStep(page, [words.make, words.model, words.year, words.version], 'the shop');
    await choose(page, words.version, { label: VERSION }, words.show);
    await expect(page).toHaveURL(/\/shop\?.*vehicle=[0-9a-f-]{36}&season=summer$/);
    await expect(page.getByRole('heading', { name: CHOSEN })).toBeVisible();

    // The other sizes that fit: a link that turns them on, then off.
    const otherSizes = page.getByRole('switch', { name: vehicleCopy.alternatives.toggle });
    await expect(otherSizes).toHaveAttribute('aria-checked', 'false');
    await otherSizes.click();
    await expect(page).toHaveURL(/alternatives=true/);
    // Served with the page (nothing loads later without the script): the tyres, or none.
    const alsoFits = page.getByRole('region', { name: vehicleCopy.alternatives.heading });
    await expect(
      alsoFits.getByRole('article').first().or(alsoFits.getByText(vehicleCopy.alternatives.none)),
    ).toBeVisible();
    await expect(otherSizes).toHaveAttribute('aria-checked', 'true');
    await shoot(page, '6-other-sizes', page.viewportSize()!.width);
    await otherSizes.click();
    await expect(page).not.toHaveURL(/alternatives/);

    // Change and Clear lead to the picker again, keeping the rest of the search.
    await page.getByRole('link', { name: vehicleCopy.chosen.change, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?season=summer$/);
    await expectStep(page, [words.make], 'changing the car');
    await page.goBack();
    await page.getByRole('link', { name: vehicleCopy.chosen.clear, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?season=summer$/);
    await expect(page.getByRole('heading', { name: CHOSEN })).toHaveCount(0);
  });

  test('a choice the store does not know is no choice', async ({ page }) => {
    await page.goto(`/?make=VW&model=${'x'.repeat(61)}&year=1800`);
    await expectStep(page, [words.make, words.model], 'an unknown model');
    await expect(picker(page).getByRole('button', { name: words.next })).toBeVisible();
    await expect(picker(page).getByLabel(words.model)).toHaveValue('');
  });
});

test('with JavaScript, a page opened at a step hydrates without an error and goes on', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of ['/?make=VW&model=Golf', '/shop?make=VW&model=Golf']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    const form = picker(page);
    await expect(form.getByLabel(words.model)).toHaveValue('Golf');
    await expectWellFormed(page, path);
    // The script's own button, and no "Next": it lists the next step as soon as one is chosen.
    await expect(form.getByRole('button', { name: words.next })).toHaveCount(0);
    await form.getByLabel(words.year).selectOption('2016');
    await form.getByLabel(words.version).selectOption({ label: VERSION });
    await form.getByRole('button', { name: words.show }).click();
    await expect(page).toHaveURL(/\/shop\?vehicle=[0-9a-f-]{36}&year=2016$/);
    await expect(page.getByRole('heading', { name: CHOSEN })).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    expect(problems, path).toEqual([]);
  }
});
