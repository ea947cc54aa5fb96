import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../playwright/accounts';

export const screenshots = 'e2e/screenshots';

/** Scrolls through the page so lazy images load, then waits for every image to finish. */
export async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

/**
 * At least `count` of `items`. The journeys share one database per run, and some add products
 * and reviews, so a list holds the seeded rows and maybe more.
 */
export async function expectAtLeast(items: Locator, count: number) {
  await expect(items.nth(count - 1)).toBeVisible();
}

/** axe finds nothing serious or critical, and nothing on the page sticks out sideways. */
export async function expectWellFormed(page: Page, where: string) {
  // Polled: right after a viewport change, toasts and modals are still settling for a frame or
  // two (a 1px overflow seen once, not reproducible); a layout that stays too wide still fails.
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `horizontal overflow of ${where}`, timeout: 3000 },
    )
    .toBe(0)
    .catch(async (err: Error) => {
      // Which elements stick out, so a rare overflow can be told apart from a layout one.
      const culprits = await page.evaluate(() =>
        Array.from(document.body.querySelectorAll('*'))
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth)
          .slice(0, 5)
          .map(
            (el) => `${el.tagName.toLowerCase()}.${el.className} (${el.textContent?.slice(0, 40)})`,
          ),
      );
      throw new Error(`${err.message}\nsticking out: ${culprits.join('; ')}`);
    });
  // A toast fading in is half transparent, and axe measures its contrast as it is then: the
  // checks wait for entrances to end (not for endless ones, nor a toast's countdown bar).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return (
        animation.playState !== 'running' ||
        animation.effect?.getComputedTiming().endTime === Infinity ||
        (target instanceof Element && target.classList.contains('Toastify__progress-bar'))
      );
    }),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

/** Full-page screenshots `<prefix>-<name>-<width>.png` at 390 and 1280 px, each checked first. */
export async function shootBothWidths(
  page: Page,
  prefix: string,
  name: string,
  ready?: () => Promise<void>,
) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await ready?.();
    await expectWellFormed(page, `${name} at ${width}px`);
    await page.screenshot({
      path: `${screenshots}/${prefix}-${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * What a product card's bag control says (added, or why not): the live region of the card's bag
 * form, not the compare control's beside it.
 */
export function bagSays(card: Locator) {
  return card.locator('form').getByRole('status');
}

/**
 * Opens a page and waits until the app took it over (src/index.tsx marks it): a server-rendered
 * page shows its form before its script runs, and what is typed or clicked then reaches the
 * bare HTML (kept for the app, src/shared/loading/beforeHydration.ts; a link is followed by the browser).
 */
export async function gotoLive(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Opens `path` (a signed-in page), signs in on the login page it leads to, and comes back. */
export async function signInAt(page: Page, path: string, email: string) {
  await gotoLive(page, path);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Pays on the checkout's card form (the local provider's stub) with a card number. */
export async function payWithCard(page: Page, number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
}
