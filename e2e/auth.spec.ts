import { expect, test, type Page } from '@playwright/test';
import { screenshots, shootBothWidths, gotoLive } from './support';
import { emulatorUrl, logIn } from '../playwright/accounts';

/** The emails the Auth emulator "sent" (verification, password reset). */
async function oobCodes(page: Page) {
  const base = await emulatorUrl(page.request);
  const res = await page.request.get(`${base}/emulator/v1/projects/demo-store/oobCodes`);
  return (await res.json()).oobCodes as Array<{ email: string; requestType: string }>;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signing in', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('a protected page sends a visitor to login and back after signing in', async ({ page }) => {
    await page.goto('/dashboard/myorder');
    await expect(page).toHaveURL(/\/login$/);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.screenshot({ path: `${screenshots}/auth-login-1280.png` });
    await logIn(page, 'shopper@store.test');
    await expect(page).toHaveURL(/\/dashboard\/myorder$/);
    await expect(nav(page).getByRole('link', { name: 'DashBoard' })).toBeVisible();
    await expect(nav(page).getByText('Demo Shopper')).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Add Review' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'All User' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    await page.screenshot({ path: `${screenshots}/auth-navbar-shopper-1280.png` });

    await nav(page).getByRole('button', { name: 'LogOut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a visitor never asks Firebase; a signed-in shopper stays signed in after a reload', async ({
    page,
  }) => {
    const firebaseChunks: string[] = [];
    page.on('request', (request) => {
      if (/firebase-(app|auth)\./.test(request.url())) firebaseChunks.push(request.url());
    });
    await page.goto('/shop');
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(firebaseChunks).toEqual([]);

    await nav(page).getByRole('link', { name: 'Login' }).click();
    await logIn(page, 'shopper@store.test');
    await expect(nav(page).getByText('Demo Shopper')).toBeVisible();
    await page.goto('/shop');
    await expect(nav(page).getByText('Demo Shopper')).toBeVisible();
    await expect(nav(page).getByRole('button', { name: 'LogOut' })).toBeVisible();
  });

  test('shows the validation messages of the spec', async ({ page }) => {
    await gotoLive(page, '/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Provide is valid Email')).toBeVisible();
    await expect(page.getByText('Provide At last 6 character')).toBeVisible();
  });

  test('a wrong password shows the error in red', async ({ page }) => {
    await gotoLive(page, '/login');
    await logIn(page, 'shopper@store.test', 'wrong-password');
    const error = page.getByRole('alert').filter({ hasText: 'Error :' });
    await expect(error).toHaveText('Error : The password is wrong.');
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
  });

  test("'Forget Password?' sends a reset email for the typed address", async ({ page }) => {
    await gotoLive(page, '/login');
    await page.getByRole('button', { name: 'Forget Password?' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('shopper@store.test');
    await page.getByRole('button', { name: 'Forget Password?' }).click();
    await expect(page.getByText('Sent email')).toBeVisible();
    const codes = await oobCodes(page);
    expect(codes).toContainEqual(
      expect.objectContaining({ email: 'shopper@store.test', requestType: 'PASSWORD_RESET' }),
    );
  });

  test('registering creates the account, sends the verification email and goes home', async ({
    page,
  }) => {
    const email = `new.${Date.now()}@store.test`;
    await gotoLive(page, '/login');
    await page.getByRole('link', { name: "Don't have an account?" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.screenshot({ path: `${screenshots}/auth-register-1280.png` });
    await page.getByLabel('Name').fill('Nina Road');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('new-pass-123');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Cheak your Email')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(nav(page).getByText('Nina Road')).toBeVisible();
    const codes = await oobCodes(page);
    expect(codes).toContainEqual(expect.objectContaining({ email, requestType: 'VERIFY_EMAIL' }));
  });

  test('the admin sees the admin menu', async ({ page }) => {
    await gotoLive(page, '/login');
    await logIn(page, 'admin@store.test');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['Profile', 'Add Product', 'All Orders', 'All User']) {
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    }
    await expect(sidebar.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
    await page.screenshot({ path: `${screenshots}/auth-navbar-admin-1280.png` });
  });

  test('a shopper opening an admin page stays signed in and is told it is for admins', async ({
    page,
  }) => {
    await gotoLive(page, '/login');
    await logIn(page, 'shopper@store.test');
    await expect(nav(page).getByRole('link', { name: 'DashBoard' })).toBeVisible();
    await page.goto('/dashboard/alluser');
    await expect(page.getByRole('alert')).toContainText('That page is for admins only.');
    await expect(page).toHaveURL(/\/dashboard\/alluser$/);
    await shootBothWidths(page, 'auth', 'admin-only-still-signed-in');
    // Still signed in, here and on the server: the dashboard link works without a sign-in.
    await page.getByRole('alert').getByRole('link', { name: 'dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav(page).getByRole('button', { name: 'LogOut' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
  });

  test('LogOut on one browser leaves another signed in; Sign out everywhere ends both', async ({
    browser,
  }) => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const laptop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const page of [phone, laptop]) {
      await gotoLive(page, '/login');
      await logIn(page, 'shopper@store.test');
      await expect(page).toHaveURL(/\/$/);
      // Firebase dates a sign-in to the second (auth_time), and a sign-in is a session: the next
      // browser signs in once the clock has left the second this sign-in was dated in.
      const signedInBy = Math.floor(Date.now() / 1000);
      await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(signedInBy);
    }
    await phone.goto('/');
    await nav(phone).locator('summary').click();
    await nav(phone).getByRole('button', { name: 'LogOut' }).click();
    await expect.poll(() => phone.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // The laptop is still in, after a reload too (its sign-in is exchanged again).
    await laptop.goto('/dashboard/profile');
    await laptop.reload();
    await expect(laptop.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    await expect(nav(laptop).getByRole('button', { name: 'LogOut' })).toBeVisible();
    const everywhere = laptop.getByRole('button', { name: 'Sign out everywhere' });
    await expect(everywhere).toBeVisible();
    await laptop.screenshot({ path: `${screenshots}/profile-sign-out-everywhere-1280.png` });
    await laptop.setViewportSize({ width: 390, height: 844 });
    await laptop.screenshot({
      path: `${screenshots}/profile-sign-out-everywhere-390.png`,
      fullPage: true,
    });
    await everywhere.click();
    const dialog = laptop.getByRole('dialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toBeVisible();
    await laptop.screenshot({ path: `${screenshots}/profile-sign-out-everywhere-dialog-390.png` });
    await laptop.setViewportSize({ width: 1280, height: 900 });
    await laptop.screenshot({ path: `${screenshots}/profile-sign-out-everywhere-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(laptop).toHaveURL(/\/$/);
    await expect(nav(laptop).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await laptop.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await phone.close();
    await laptop.close();
  });

  test('an admin link opened signed out leads an admin back to it', async ({ page }) => {
    await page.goto('/dashboard/allOrders');
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('That page is for admins: sign in with an admin account'),
    ).toBeVisible();
    await logIn(page, 'admin@store.test');
    await expect(page).toHaveURL(/\/dashboard\/allOrders$/);
  });

  test('a stale sign-in error goes once the form is used again', async ({ page }) => {
    await gotoLive(page, '/login');
    await page.getByLabel('Email').fill('shopper@store.test');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/^Error : /)).toBeVisible();
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('password is required')).toBeVisible();
    await expect(page.getByText(/^Error : /)).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test('the menu holds the account links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoLive(page, '/login');
    await page.screenshot({ path: `${screenshots}/auth-login-390.png` });
    await logIn(page, 'shopper@store.test');
    await expect(page).toHaveURL(/\/$/);
    await nav(page).locator('summary').click();
    await expect(nav(page).getByRole('link', { name: 'DashBoard' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'About' })).toBeVisible();
    await page.screenshot({ path: `${screenshots}/auth-navbar-shopper-390.png` });
    await gotoLive(page, '/register');
    await page.screenshot({ path: `${screenshots}/auth-register-390.png` });
  });
});
