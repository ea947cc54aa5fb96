import { expect, test } from '../playwright/fixtures';
import { SHOPPER, bearer, unique, verifiedAccount } from '../playwright/accounts';
import {
  addProduct,
  emptyShoppersBag,
  fillShoppersBag,
  retireProducts,
} from '../playwright/storeApi';
import { inbox } from '../playwright/mailbox';
import { gotoLive, screenshots, shootBothWidths, signInAt, payWithCard } from './support';

/**
 * Fitting at a centre, at a time (issue 48), in Chromium against the whole stack: a shopper
 * with four 19-inch run-flats finds only the centres that can fit them, books a time two days
 * out (the tyres come from the warehouse), pays, finds the confirmation with its calendar file
 * in the mailbox, and moves the time; the centre's fitter, on a 768 px tablet, steps the day
 * view on to that day and presses Fitted, and the order shows delivered to the shopper.
 */

const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

/** A calendar day `days` after today in New York (the centre's clock), as 'Thu 3 Dec'. */
function newYorkDay(days: number, length: 'short' | 'long' = 'short') {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const date = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000);
  return date.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: length,
    day: 'numeric',
    month: length,
  });
}

test('a shopper books a fitting for 19-inch run-flats, gets the calendar file, moves it; it is fitted and delivered', async ({
  tokens,
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const request = page.request;
  const admin = await tokens.admin();
  const tyre = await addProduct(request, admin, {
    name: `Fitting Runflat 225/40 R19 93Y RFT ${unique()}`,
    price: 210,
    stock: 40,
    tyre: true,
    size: { width: 225, aspect: 40, rim: 19 },
  });
  ownProducts.push(tyre._id);
  await emptyShoppersBag(request);
  await fillShoppersBag(request, [[tyre, 4]]);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, '/checkout', SHOPPER);
  await page.getByRole('textbox', { name: 'Name' }).fill('Demo Shopper');
  await page.getByRole('textbox', { name: 'Address' }).fill('350 W 31st St, New York');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('+1 212 555 0100');
  await page
    .getByRole('radio', { name: 'Fitting at a centre near you, at a time you choose' })
    .check();

  // Only the centres that can fit 19-inch run-flats are offered; the others say why.
  await page.getByLabel('Your postcode or ZIP').fill('10003');
  await page.getByLabel('Your postcode or ZIP').press('Enter');
  const centres = page.getByRole('group', { name: 'Fitting centre' });
  await expect(centres).toContainText('Your tyres need: 19-inch rims, run-flat');
  await expect(centres.getByRole('radio', { name: /Midtown/ })).toBeVisible();
  await expect(centres.getByRole('radio', { name: /Atlantic Avenue/ })).toHaveCount(0);
  await centres.getByText(/Cannot fit your tyres/).click();
  await expect(centres).toContainText('It does not fit run-flat tyres.');
  await centres.getByRole('radio', { name: /Midtown/ }).check();

  // From the warehouse: the first free day is two days out.
  const time = page.getByRole('group', { name: 'Time' });
  await expect(time).toContainText('Your tyres cannot be at this centre yet on this day.');
  const firstOpen = time.getByRole('radio', { name: new RegExp(newYorkDay(2)) });
  await expect(firstOpen).toBeChecked();
  await time.getByRole('radio', { name: '10:00' }).check();
  await page.getByLabel('Your car (optional)').fill('BMW 3 Series G20');
  await shootBothWidths(page, 'fitting', 'checkout-slot');
  await page.getByRole('button', { name: 'Place order' }).click();

  await payWithCard(page, '4242 4242 4242 4242');
  const panel = page.getByRole('region', { name: 'Your fitting appointment' });
  await expect(panel).toContainText('At Tyre Store Midtown');
  await expect(panel).toContainText('10:00–11:00');
  await shootBothWidths(page, 'fitting', 'confirmation', () => expect(panel).toBeVisible());

  // The confirmation email, with the calendar file.
  await expect
    .poll(
      async () => {
        const mine = (await inbox(request)).filter(
          (email) =>
            email.to.some((to) => to.address === SHOPPER) &&
            `${email.text ?? ''}`.includes('Tyre Store Midtown') &&
            `${email.text ?? ''}`.includes(tyre.name),
        );
        // The mailbox names a stored file by its hash: its type says what it is.
        return mine.flatMap((email) => (email.attachments ?? []).map((a) => a.contentType));
      },
      { timeout: 30_000, message: 'the confirmation with fitting.ics' },
    )
    .toContainEqual(expect.stringMatching(/^text\/calendar/));

  // The .ics downloads from the page too; then the shopper moves the time.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^fitting-.*\.ics$/);
  await panel.getByRole('button', { name: 'Move' }).click();
  await panel.getByRole('radio', { name: '14:00' }).check();
  await panel.getByRole('button', { name: 'Move to this time' }).click();
  await expect(panel).toContainText('Your fitting appointment was moved.');
  await expect(panel).toContainText('14:00–15:00');
  await shootBothWidths(page, 'fitting', 'moved', () => expect(panel).toBeVisible());

  // The centre's own fitter, on a 768 px tablet: today and tomorrow first, then a day on.
  const midtown = (
    (await (await request.get('/api/fitting-centres')).json()) as Array<{
      _id: string;
      code: string;
    }>
  ).find((centre) => centre.code === 'NYC-MIDTOWN')!;
  const fitter = await verifiedAccount(request, 'fitter');
  const scoped = await request.put(`/api/staff/${encodeURIComponent(fitter)}`, {
    headers: bearer(await tokens.admin()),
    data: { roles: ['fitting'], centres: [midtown._id] },
  });
  expect(scoped.status(), await scoped.text()).toBe(200);
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const staff = await tablet.newPage();
  await signInAt(staff, '/dashboard/fitting/day', fitter);
  await expect(staff.getByRole('region', { name: 'Tomorrow' })).toBeVisible();
  await staff.getByRole('button', { name: /Later day/ }).click();
  const card = staff
    .getByRole('region', { name: newYorkDay(2, 'long') })
    .getByRole('listitem')
    .filter({ hasText: tyre.name });
  await expect(card).toContainText('14:00–15:00');
  await expect(card).toContainText('BMW 3 Series G20');
  await staff.screenshot({ path: `${screenshots}/fitting-fitter-day-768.png`, fullPage: true });
  await card.getByRole('button', { name: 'Fitted' }).click();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card).toContainText('Fitted');
  await tablet.close();

  await gotoLive(page, '/dashboard/myorder');
  const row = page.getByRole('row', { name: new RegExp(tyre.name) });
  await expect(row).toContainText(/Delivered/i);
});
