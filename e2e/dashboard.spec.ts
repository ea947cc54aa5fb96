import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { emulatorAccounts } from '../scripts/emulatorAccounts';
import { pngUpload } from './pngImage';
import { loadLazyImages, screenshots, shootBothWidths } from './support';
import { unique, newAccount, logIn } from '../playwright/accounts';

/**
 * The dashboard's forms and admin pages in Chromium against the whole stack. Runs share one
 * database, so each journey makes what it needs (fresh accounts, unique names) and never
 * depends on another having run.
 */

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens `path` (a signed-in page), signs in on the login page it leads to, and comes back. */
async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(sidebar(page)).toBeVisible();
}

async function newSignedInPage(browser: Browser, testInfo: TestInfo, path: string, email: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAt(page, path, email);
  return page;
}

/** Every picture on the page finished loading and none is broken. */
async function expectImagesLoaded(page: Page) {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  const broken = await page.$$eval('img', (imgs) =>
    (imgs as HTMLImageElement[]).filter((img) => img.naturalWidth === 0).map((img) => img.src),
  );
  expect(broken).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a shopper fills in the profile with a picture and sees it', async ({ page }) => {
  const email = await newAccount(page.request, 'driver');
  await signInAt(page, '/dashboard', email);

  // No profile yet: the empty state, with the way to make one.
  await expect(page.getByRole('heading', { name: 'You have no profile yet' })).toBeVisible();
  await expect(page).toHaveTitle('Profile | Tyre & Auto Parts Store');
  await shootBothWidths(page, 'dashboard', 'profile-empty');
  await page.getByRole('link', { name: 'Update Your Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/updateProfile$/);

  // Every field is required, with the spec's messages.
  await expect(page.getByRole('heading', { level: 1, name: 'Update Your Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  for (const message of [
    'Name is required',
    'instituteName is required',
    'Department is required',
    'Address is required',
    'Linkedin is required',
    'Image is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await shootBothWidths(page, 'dashboard', 'update-profile-errors');

  const name = `Nina ${unique()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Institute name').fill('Krakow University of Technology');
  await page.getByLabel('Department').fill('Automotive Engineering');
  await page.getByLabel('Address').fill('12 Foundry Lane, Krakow');
  await page.getByLabel('Linkedin link').fill('linkedin.com/in/nina');
  await expect(
    page.getByText('Linkedin link must be a web address starting with http:// or https://'),
  ).toBeVisible();
  await page.getByLabel('Linkedin link').fill('https://www.linkedin.com/in/nina');
  await page.getByLabel('Image').setInputFiles(pngUpload('nina.png'));
  await expect(page.getByRole('img', { name: 'Preview of nina.png' })).toBeVisible();
  await shootBothWidths(page, 'dashboard', 'update-profile-filled', () => expectImagesLoaded(page));
  await page.getByRole('button', { name: 'Update', exact: true }).click();

  await expect(page.getByText('Your Profile Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  for (const text of [
    'Krakow University of Technology',
    'Automotive Engineering',
    '12 Foundry Lane, Krakow',
  ]) {
    await expect(card.getByText(text)).toBeVisible();
  }
  await expect(card.getByRole('link', { name: /linkedin\.com\/in\/nina/ })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/in/nina',
  );
  const photo = card.getByRole('img', { name: `Photo of ${name}` });
  await expect(photo).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}\/avatar$/);
  await expectImagesLoaded(page);
  // The round picture of the spec.
  const box = await photo.boundingBox();
  expect(box && Math.round(box.width)).toBe(120);
  expect(await photo.evaluate((img) => getComputedStyle(img.parentElement!).borderRadius)).toBe(
    '50%',
  );

  // Saved, not just cached: a reload shows the same, and the form opens filled in.
  await page.reload();
  await expect(page.getByRole('article', { name })).toBeVisible();
  await shootBothWidths(page, 'dashboard', 'profile', () => expectImagesLoaded(page));
  await page.getByRole('link', { name: 'Update Your Profile' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('img', { name: 'Current picture' })).toBeVisible();
});

test('a shopper adds a review and sees it on /review and the landing page', async ({ page }) => {
  await signInAt(page, '/dashboard/myreview', 'shopper@store.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Please Add a Review' })).toBeVisible();
  await expect(page).toHaveTitle('Please Add a Review | Tyre & Auto Parts Store');

  await page.getByLabel('Your Name').fill('');
  await page.getByRole('button', { name: 'Add Review' }).click();
  for (const message of [
    'Name is required',
    'description is required',
    'Ratings is required',
    'address is required',
    'Image is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await shootBothWidths(page, 'dashboard', 'add-review-errors');

  await page.getByLabel('Ratings').fill('7');
  await page.getByLabel('Ratings').blur();
  await expect(page.getByText('Ratings can be at most 5.')).toBeVisible();

  const name = `Marta ${unique()}`;
  const description = `Winter tyres fitted the same day (${unique()}).`;
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Ratings').fill('4');
  await page.getByLabel('Address').fill('Gdansk');
  await page.getByLabel('Image').setInputFiles(
    pngUpload('marta.png', [
      [22, 163, 74],
      [255, 255, 255],
    ]),
  );

  // Hold the upload's answer a moment, to see (and photograph) the progress bar.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/images', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading picture' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Review' })).toBeDisabled();
  await page.screenshot({ path: `${screenshots}/dashboard-upload-progress-1280.png` });
  release();

  await expect(page.getByText('ThankYou Sir')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute('**/api/images');

  // On /review (reached inside the app: the cached list was refreshed)...
  await mainNav(page).getByRole('link', { name: 'Review' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText(description)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(card.getByRole('img', { name: `Photo of ${name}` })).toHaveAttribute(
    'src',
    /^\/api\/images\//,
  );
  await expect(card).not.toContainText('Gdansk');
  await expectImagesLoaded(page);

  // ...and on the landing page, newest first.
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  const latest = page.getByRole('list', { name: 'Customer reviews' });
  await expect(latest.getByRole('heading', { name })).toBeVisible();
});

test('the admin adds a product with a picture and it is in the shop at once', async ({ page }) => {
  await signInAt(page, '/dashboard/addProduct', 'admin@store.test');
  // The shop's list is loaded (and cached) before the product exists.
  await mainNav(page).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  // How many products the shop has ("Showing 1–24 of N products": its first page holds 24).
  const shown = page.getByText(/^Showing .+ of [\d,]+ products$/);
  const before = Number(
    /of ([\d,]+) products/.exec((await shown.textContent()) ?? '')![1]!.replace(/,/g, ''),
  );
  await mainNav(page).getByRole('link', { name: 'DashBoard' }).click();
  await sidebar(page).getByRole('link', { name: 'Add Product' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Update Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Please Add Product' }).click();
  const messages: [string, string][] = [
    ['Product Name', 'Product Name is required'],
    ['Description', 'description is required'],
    ['Price ($)', 'price is required'],
    ['Order Quantity', 'orderouantity is required'],
    ['Available Quantity', 'availablequantity  is required'],
    ['Image', 'Image is required'],
  ];
  for (const [label, message] of messages) {
    // Under its own field: the field is described by its message.
    // (Accessible text collapses the spec's double space, so spaces match loosely.)
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(
      new RegExp(message.split(/\s+/).join('\\s+')),
    );
  }
  await shootBothWidths(page, 'dashboard', 'add-product-errors');

  await page.getByLabel('Price ($)').fill('12.345');
  await page.getByLabel('Price ($)').blur();
  await expect(page.getByText('Price ($) can have at most two decimals (cents).')).toBeVisible();

  const name = `TrailGrip AT ${unique()}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('All-terrain tyre for vans and pickups.');
  await page.getByLabel('Price ($)').fill('149.5');
  await page.getByLabel('Order Quantity').fill('4');
  await page.getByLabel('Available Quantity').fill('60');
  await page.getByLabel('Image').setInputFiles(pngUpload('trailgrip.png'));
  await expect(page.getByRole('img', { name: 'Preview of trailgrip.png' })).toBeVisible();
  await shootBothWidths(page, 'dashboard', 'add-product-filled', () => expectImagesLoaded(page));
  await page.getByRole('button', { name: 'Please Add Product' }).click();

  await expect(page.getByText('Successfully Product Added')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Back to the shop without a reload: the new product is listed.
  await mainNav(page).getByRole('link', { name: 'Shop' }).click();
  await expect(shown).toHaveText(
    new RegExp(`of ${(before + 1).toLocaleString('en-US')} products$`),
  );
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('$149.50')).toBeVisible();
  // The picture (hidden from screen readers: the name's link speaks for the card).
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/images\//);
  // Newest first, it leads the list; the pictures below it load as the list is scrolled.
  await expect(page.getByRole('article').first()).toContainText(name);
  await loadLazyImages(page);
  await expectImagesLoaded(page);
});

test('the admin makes a user an admin and their menu changes after a reload', async ({
  page,
  browser,
}, testInfo) => {
  // A new user signs in (so the store knows them) and has the shopper's menu.
  const email = await newAccount(page.request, 'driver');
  const theirs = await newSignedInPage(browser, testInfo, '/dashboard', email);
  await expect(sidebar(theirs).getByRole('link', { name: 'Add Review' })).toBeVisible();
  await expect(sidebar(theirs).getByRole('link', { name: 'All User' })).toHaveCount(0);

  await signInAt(page, '/dashboard/alluser', 'admin@store.test');
  await expect(page).toHaveTitle('All Users | Tyre & Auto Parts Store');
  const table = page.getByRole('table', { name: 'All users' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'SL',
    'Email',
    'Job',
    'Favorite Color',
    'Actions',
  ]);
  const adminRow = table.getByRole('row').filter({ hasText: 'admin@store.test' });
  await expect(adminRow.getByText('Already Admin')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: email });
  const remove = row.getByRole('button', { name: 'Remove user' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAttribute('title', 'Removing users is not supported.');
  await shootBothWidths(page, 'dashboard', 'all-users');

  // Only a verified email can be an admin: the admin is told so, until its owner verifies it.
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await page
    .getByRole('dialog', { name: 'Make this user an admin?' })
    .getByRole('button', { name: 'Make Admin' })
    .click();
  await expect(page.getByText(/has not verified their email yet/)).toBeVisible();
  const config = await (await page.request.get('/api/config')).json();
  const accounts = emulatorAccounts(config.firebase.authEmulatorUrl);
  await accounts.markEmailVerified((await accounts.uidOf(email))!);
  await row.getByRole('button', { name: 'Make Admin' }).click();
  // It cannot be undone: a confirm first, naming the user.
  const confirm = page.getByRole('dialog', { name: 'Make this user an admin?' });
  await expect(confirm).toContainText(email);
  await expect(confirm).toContainText('This cannot be undone');
  await shootBothWidths(page, 'dashboard', 'make-admin-confirm');
  await confirm.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('Congratulations you are now ADMIN')).toBeVisible();
  await expect(row.getByText('Already Admin')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);

  // Their next page load asks the server again: the admin menu.
  await theirs.reload();
  for (const link of ['Add Product', 'All Orders', 'All User']) {
    await expect(sidebar(theirs).getByRole('link', { name: link })).toBeVisible();
  }
  await expect(sidebar(theirs).getByRole('link', { name: 'Add Review' })).toHaveCount(0);
  await theirs.context().close();
});

test('a failed upload shows the error toast and keeps what was typed', async ({ page }) => {
  await signInAt(page, '/dashboard/myreview', 'shopper@store.test');

  // The checks before anything is sent: type and size.
  await page.getByLabel('Image').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('Choose a JPEG, PNG, GIF, WebP or AVIF picture.')).toBeVisible();
  await page.getByLabel('Image').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(
    page.getByText('The picture is larger than 5 MB. Choose a smaller one.'),
  ).toBeVisible();

  const description = `Quick fitting (${unique()}).`;
  await page.getByLabel('Your Name').fill('Piotr');
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Ratings').fill('5');
  await page.getByLabel('Address').fill('Poznan');
  await page.getByLabel('Image').setInputFiles(pngUpload('piotr.png'));

  let reviewPosts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/review')) reviewPosts += 1;
  });
  await page.route('**/api/images', (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Add Review' }).click();

  const toast = page
    .getByRole('alert')
    .filter({ hasText: 'The picture could not be uploaded. Check your connection and try again.' });
  await expect(toast).toBeVisible();
  // Long enough to read, reduced motion or not (its timer is an animation).
  await page.waitForTimeout(2_000);
  await expect(toast).toBeVisible();
  await page.screenshot({ path: `${screenshots}/dashboard-upload-failed-1280.png` });
  await expect(page).toHaveURL(/\/dashboard\/myreview$/);
  await expect(page.getByLabel('Your Name')).toHaveValue('Piotr');
  await expect(page.getByLabel('Description')).toHaveValue(description);
  await expect(page.getByLabel('Ratings')).toHaveValue('5');
  await expect(page.getByLabel('Address')).toHaveValue('Poznan');
  await expect(page.getByRole('img', { name: 'Preview of piotr.png' })).toBeVisible();
  expect(reviewPosts).toBe(0);

  // The connection is back: the same form goes through.
  await page.unroute('**/api/images');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('ThankYou Sir')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(reviewPosts).toBe(1);
});
