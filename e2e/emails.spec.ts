import { type Page } from '@playwright/test';
import { expect, test } from '../playwright/fixtures';
import { copy } from '../contract/copy';
import { SHOPPER, bearer, unique, logIn } from '../playwright/accounts';
import {
  addProduct,
  emptyShoppersBag,
  fillShoppersBag,
  mailboxUrl,
  retireProducts,
} from '../playwright/storeApi';
import { type MailboxEmail, theEmail } from '../playwright/mailbox';
import { screenshots, gotoLive, payWithCard } from './support';

/**
 * The store's emails in Chromium against the whole stack (issue 31): `npm start` without
 * SMTP_URL sends them to its embedded mailbox. A shopper pays for a bag of two products by card
 * and finds the order confirmation in the mailbox's web inbox, with the lines and the total; an
 * admin ships one of the orders, and the shipped email arrives with the carrier's tracking link.
 * The inbox holds every journey's emails: this one finds its own by its products' names.
 */

/** The journey's own products, retired after it. */
const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

/** The inbox open on one email, its HTML part in the reading pane's frame. */
async function openInInbox(page: Page, email: MailboxEmail) {
  await page.goto(`${mailboxUrl()}/#/email/${email.id}`);
  await expect(page.getByRole('heading', { name: email.subject })).toBeVisible();
  return page.frameLocator('iframe[title="Email HTML content"]');
}

test('a paid bag is confirmed by email in the embedded inbox, and its shipment too', async ({
  tokens,
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const request = page.request;
  const admin = await tokens.admin();
  const tag = unique();
  const tyre = await addProduct(request, admin, {
    name: `Mailed Touring ${tag}`,
    price: 89.99,
    stock: 40,
    tyre: true,
  });
  const valve = await addProduct(request, admin, {
    name: `Mailed Valve ${tag}`,
    price: 4.5,
    stock: 40,
  });
  ownProducts.push(tyre._id, valve._id);
  // 4 × $89.99 + 2 × $4.50, delivered.
  const total = '$368.96';

  // The bag (bag.spec's journey) filled through the API; checkout and the card in the browser.
  await emptyShoppersBag(request);
  await fillShoppersBag(request, [
    [tyre, 4],
    [valve, 2],
  ]);
  await gotoLive(page, '/login');
  await logIn(page, SHOPPER);
  await expect(page.getByRole('link', { name: /^Bag, 6 items$/ })).toBeVisible();
  await page.getByRole('link', { name: /^Bag, / }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('region', { name: 'Your bag' })).toContainText(total);
  await page.getByRole('textbox', { name: 'Name' }).fill('Demo Shopper');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Foundry Lane, Leeds LS1 4AB');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('0113 496 0000');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('status').filter({ hasText: copy.payment.success })).toBeVisible();

  // One confirmation for the checkout, in the inbox: both lines, the total, the address.
  const confirmation = await theEmail(
    request,
    SHOPPER,
    /^Your order of 6 items is confirmed$/,
    tag,
  );
  const shown = await openInInbox(page, confirmation);
  await expect(shown.getByText('Thank you for your order')).toBeVisible();
  await expect(shown.getByText(tyre.name)).toBeVisible();
  await expect(shown.getByText(valve.name)).toBeVisible();
  await expect(shown.getByText(total, { exact: true })).toBeVisible();
  await expect(shown.getByText('12 Foundry Lane, Leeds LS1 4AB')).toBeVisible();
  await expect(shown.getByRole('link', { name: 'See your order' })).toHaveAttribute(
    'href',
    /\/dashboard\/myorder\//,
  );
  // The inbox at both widths: at 390 px with its list folded away, as a phone shows it; and
  // the email's own HTML alone at 390 px, as a phone's mail app would.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (width === 390) {
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      // Folded once the reading pane has slid over to the list's narrow rail.
      const pane = page.locator('iframe[title="Email HTML content"]');
      await expect.poll(async () => (await pane.boundingBox())?.x ?? 999).toBeLessThan(60);
    }
    // No button's tooltip over the inbox (it shows on hover and on focus).
    await page.mouse.move(width / 2, 840);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(shown.getByText(total, { exact: true })).toBeVisible();
    await page.screenshot({
      path: `${screenshots}/emails-inbox-confirmation-${width}.png`,
      fullPage: true,
    });
  }
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  // (Its HTML as sent: maildev's own `/api/email/:id/html` drops the head with its charset and
  // answers text/html without one, so Chromium reads the UTF-8 "×" there as "Ã—".)
  const alone = await page.context().newPage();
  await alone.setViewportSize({ width: 390, height: 844 });
  await alone.setContent(confirmation.html!);
  await expect(alone.getByText(total, { exact: true })).toBeVisible();
  await alone.screenshot({ path: `${screenshots}/emails-confirmation-390.png`, fullPage: true });
  await alone.close();
  await page.setViewportSize({ width: 1280, height: 900 });

  // An admin ships the tyres' order with the carrier's tracking number and page.
  const orders = (await (
    await request.get(`/api/order?email=${encodeURIComponent(SHOPPER)}`, {
      headers: bearer(admin),
    })
  ).json()) as Array<{ _id: string }>;
  const tyresOrder = orders.find((order) => JSON.stringify(order).includes(tyre.name));
  expect(tyresOrder).toBeDefined();
  const trackingUrl = `https://www.dhl.com/track?id=JD01460000${tag}`;
  const shipped = await request.post(`/api/order/${tyresOrder!._id}/ship`, {
    headers: bearer(admin),
    data: { carrier: 'DHL', trackingNumber: `JD0146 0000 ${tag}`, trackingUrl },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);

  const shipment = await theEmail(request, SHOPPER, /^Your order of 4 tyres has shipped$/, tag);
  const shownShipment = await openInInbox(page, shipment);
  await expect(shownShipment.getByText('Your order is on its way')).toBeVisible();
  await expect(shownShipment.getByText(`DHL, tracking number JD0146 0000 ${tag}`)).toBeVisible();
  await expect(shownShipment.locator(`a[href="${trackingUrl}"]`).first()).toBeVisible();
  await page.screenshot({ path: `${screenshots}/emails-inbox-shipped-1280.png`, fullPage: true });
});
