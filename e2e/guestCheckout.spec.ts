import { expect, test } from '../playwright/fixtures';
import { copy } from '../contract/copy';
import { emulatorAccounts } from '../scripts/emulatorAccounts';
import { unique, logIn } from '../playwright/accounts';
import { theEmail } from '../playwright/mailbox';
import { addProduct, retireProducts } from '../playwright/storeApi';
import { bagSays, gotoLive, screenshots, payWithCard } from './support';

/**
 * Buying without an account (issue 47), in Chromium against the whole stack, at a phone's and
 * a desktop's width: a visitor puts four tyres in the bag, continues as a guest, books a fitting
 * day and pays by card; the confirmation in the embedded inbox carries a link that opens the
 * order without signing in; then the visitor creates an account with that email, confirms it,
 * signs in and finds the order in My Orders.
 */

const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

for (const width of [390, 1280]) {
  test(`a visitor buys four tyres with fitting as a guest, opens the emailed link, then keeps the order in an account (${width} px)`, async ({
    tokens,
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const height = width === 390 ? 844 : 900;
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}/guest-${name}-${width}.png`, fullPage: true });
    const request = page.request;
    const tag = unique();
    const tyre = await addProduct(request, await tokens.admin(), {
      name: `Guest Touring ${tag}`,
      price: 89.99,
      stock: 40,
      tyre: true,
    });
    ownProducts.push(tyre._id);
    const email = `guest.${tag}@store.test`;

    // Four tyres in the bag, without an account.
    await gotoLive(page, `/shop?q=${tag}`);
    const card = page.getByRole('article', { name: tyre.name });
    await card.getByRole('button', { name: 'Add 4 to bag' }).click();
    await expect(bagSays(card)).toContainText('Added 4');
    await gotoLive(page, '/bag');
    await page.getByRole('link', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL(/\/guest\/checkout$/);

    // The account's checkout, with an email: fitting at the shop on the first free day.
    await expect(page.getByRole('region', { name: 'Your bag' })).toContainText('$359.96');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Name' }).fill('Gina Guest');
    await page.getByRole('textbox', { name: 'Address' }).fill('3 Mill Road, Leeds LS2 7AA');
    await page.getByRole('textbox', { name: 'Phone Number' }).fill('0113 496 0001');
    await page.getByRole('radio', { name: 'Fitting at our shop' }).check();
    await page
      .getByRole('group', { name: 'Fitting day' })
      .getByRole('radio', { disabled: false })
      .first()
      .check();
    await shot('details');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('status').filter({ hasText: copy.payment.success })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Create an account to keep your orders' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Bag/ })).toHaveAccessibleName(
      /^Bag(, 0 items)?$/,
    );
    await shot('paid');

    // The confirmation in the inbox: the store's words, the guest's name and address quoted,
    // and a link that opens the order without signing in.
    const confirmation = await theEmail(request, email, /^Your order of 4 tyres is confirmed$/);
    expect(confirmation.html).toContain('“Gina Guest”');
    const link = /href="([^"]*\/guest\/order\/[^"#]+#key=[^"]+)"/.exec(confirmation.html ?? '');
    expect(link).not.toBeNull();
    const emailed = new URL(link![1]!.replace(/&amp;/g, '&'));

    const fresh = await browser.newContext({ viewport: { width, height } });
    const visitor = await fresh.newPage();
    await gotoLive(visitor, `${emailed.pathname}${emailed.hash}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
    await expect(visitor.getByText(`4 × ${tyre.name}`)).toBeVisible();
    await expect(visitor.getByText('Paid', { exact: true })).toBeVisible();
    await expect(visitor.getByText(/Fitting at our shop on/)).toBeVisible();
    // The key left the address bar.
    expect(new URL(visitor.url()).hash).toBe('');
    await visitor.screenshot({
      path: `${screenshots}/guest-order-page-${width}.png`,
      fullPage: true,
    });

    // An account with that email, confirmed, then signing in: the order is in My Orders.
    await visitor.getByRole('link', { name: 'Create an account' }).click();
    await expect(visitor).toHaveURL(/\/register$/);
    await visitor.getByLabel('Name').fill('Gina Guest');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill('guest-pass-123');
    await visitor.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(visitor).toHaveURL(/\/home$/);
    await fresh.close();
    const config = await (await request.get('/api/config')).json();
    const accounts = emulatorAccounts(config.firebase.authEmulatorUrl);
    await accounts.markEmailVerified((await accounts.uidOf(email))!);

    const later = await browser.newContext({ viewport: { width, height } });
    const member = await later.newPage();
    await gotoLive(member, '/login');
    await logIn(member, email, 'guest-pass-123');
    await member.waitForURL((url) => !url.pathname.endsWith('/login'));
    await gotoLive(member, '/dashboard/myorder');
    await expect(member.getByRole('row', { name: new RegExp(tyre.name) })).toContainText(
      'Fitting on',
    );
    await member.screenshot({
      path: `${screenshots}/guest-my-orders-${width}.png`,
      fullPage: true,
    });
    await later.close();
  });
}

test('Find my order answers the same for any email and number', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoLive(page, '/find-order');
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(`nobody.${unique()}@store.test`);
  await page
    .getByRole('textbox', { name: 'Order number' })
    .fill('5d0c1f1e-0000-4000-8000-000000000000');
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an order with this number');
  await page.screenshot({ path: `${screenshots}/guest-find-order-390.png`, fullPage: true });
});
