import { expect, test } from '../playwright/fixtures';
import { pickBmw, reason, weak } from './staggeredBmw';
import { expectWellFormed, gotoLive, screenshots } from './support';

/**
 * A guest's bag checked against the car (issue 50), as an account's: a visitor shopping in
 * Germany picks the staggered BMW, puts a summer tyre below its load index in the bag, and the
 * bag says it is not allowed and names Germany's winter tyre law (the journeys run in
 * November-April or not: the law's line is asked for only in its months); the guest checkout
 * for the car refuses it with the reason.
 */

const winterMonths = [10, 11, 12, 1, 2, 3, 4];

for (const width of [390, 1280]) {
  test(`a guest's bag is checked against the car in the shopper's market at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoLive(page, '/shop');
    // The shopper's market, as the markets selector keeps it in the browser.
    await page.evaluate(() => localStorage.setItem('market', 'DE'));
    const change = page.getByRole('button', { name: 'Change', exact: true });
    if (await change.isVisible()) await change.click();
    await pickBmw(page);
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
    const weakCard = cards.filter({ has: page.getByRole('heading', { name: weak }) });
    await weakCard.getByRole('button', { name: /^Add 2/ }).click();
    await expect(page.getByRole('link', { name: /^Bag, 2 items$/ })).toBeVisible();

    await page.getByRole('link', { name: /^Bag, / }).click();
    const checks = page.getByRole('region', { name: /^Checked for your BMW 3 Series/ });
    await expect(checks).toContainText(`Not allowed: ${reason}`);
    if (winterMonths.includes(new Date().getMonth() + 1)) {
      await expect(checks).toContainText('Germany’s situational winter tyre law');
    }
    await expectWellFormed(page, `the guest's bag with its car checks at ${width}px`);
    await page.screenshot({
      path: `${screenshots}/guest-car-checks-${width}.png`,
      fullPage: true,
    });

    await page.getByRole('link', { name: 'Continue as guest' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(`car.guest.${width}@store.test`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Gina Guest');
    await page.getByRole('textbox', { name: 'Address' }).fill('3 Mill Road, Leeds LS2 7AA');
    await page.getByRole('textbox', { name: 'Phone Number' }).fill('0113 496 0001');
    await page.getByRole('button', { name: 'Place order' }).click();
    const refused = page.getByRole('alert').filter({ hasText: reason });
    await expect(refused).toContainText(`${weak}: ${reason}`);
    await page.screenshot({
      path: `${screenshots}/guest-car-refused-${width}.png`,
      fullPage: true,
    });
  });
}
