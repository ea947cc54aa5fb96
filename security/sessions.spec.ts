import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { bearer, emulatorUrl, exchange, idTokenFor, uniqueEmail } from './identity';
import { expectRefused } from './refusal';

/** Firebase dates a sign-in (`auth_time`) to the second: two devices sign in seconds apart. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

const NEEDS_JAVASCRIPT = 'Signing in needs JavaScript';

/**
 * Someone with JavaScript off (or submitting before it ran) fills a sign-in form and sends it:
 * whatever the page answers, the password is in no address the browser asked for or showed.
 */
async function submitWithoutJavaScript(
  browser: Browser,
  path: '/login' | '/register',
  fields: Record<string, string>,
) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const asked: string[] = [];
  const shown: string[] = [];
  const methods: string[] = [];
  page.on('request', (request) => {
    asked.push(request.url());
    if (request.isNavigationRequest()) methods.push(`${request.method()} ${request.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  await page.goto(path);
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  const answered = page.waitForNavigation();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const response = await answered;
  return { context, page, asked, shown, methods, status: response?.status() ?? 0 };
}

test.describe('credentials never travel in an address (JavaScript off or still loading)', () => {
  for (const [path, fields] of [
    ['/login', { Email: 'nojs.login@attack.test', Password: 'secret-login-pass-1' }],
    [
      '/register',
      { Name: 'No Script', Email: 'nojs.register@attack.test', Password: 'secret-reg-pass-2' },
    ],
  ] as const) {
    test(`the ${path} form sent without JavaScript keeps the password out of every URL`, async ({
      browser,
    }) => {
      const sent = await submitWithoutJavaScript(browser, path, fields);
      try {
        const leaks = [...sent.asked, ...sent.shown].filter(
          (url) =>
            url.includes(fields.Password) ||
            url.includes(encodeURIComponent(fields.Email)) ||
            url.includes('password='),
        );
        expect(leaks).toEqual([]);
        // The page again, saying why nothing happened; and the form was posted, not got.
        expect(sent.status).toBe(200);
        expect(new URL(sent.page.url()).pathname).toBe(path);
        expect(new URL(sent.page.url()).search).toBe('');
        expect(sent.methods.some((line) => line.startsWith('POST '))).toBe(true);
        // Said in a <noscript> (Playwright's text locators skip those): read from the page.
        expect(await sent.page.locator('noscript').allTextContents()).toEqual([
          expect.stringContaining(NEEDS_JAVASCRIPT),
        ]);
        await sent.page.screenshot({ path: `test-results/no-javascript${path}.png` });
        // And the browser's history holds no address with them either.
        await sent.page.goBack();
        expect(sent.page.url()).not.toContain(fields.Password);
      } finally {
        await sent.context.close();
      }
    });
  }

  test('the server answers a posted sign-in form without reading it into any answer', async ({
    request,
  }) => {
    for (const path of ['/login', '/register']) {
      const res = await request.post(path, {
        form: { email: 'posted@attack.test', password: 'posted-pass-3' },
        maxRedirects: 0,
      });
      expect(res.status(), path).toBe(303);
      expect(res.headers().location).toBe(path);
      expect(await res.text()).not.toContain('posted-pass-3');
    }
  });
});

/** A signed-in call that works for any shopper: the spec's admin check of oneself. */
const selfCheck = (request: APIRequestContext, email: string, token: string) =>
  request.get(`/api/admin/${encodeURIComponent(email)}`, { headers: bearer(token) });

const exchangeAnswer = (request: APIRequestContext, email: string, idToken: string) =>
  request.put(`/api/users/${encodeURIComponent(email)}`, {
    headers: bearer(idToken),
    data: { email },
  });

test.describe('LogOut ends this device only; Sign out everywhere ends them all', () => {
  test('LogOut on the phone leaves the laptop signed in', async ({ request }) => {
    const email = uniqueEmail('two.devices');
    const phoneId = await idTokenFor(request, email);
    await nextSecond();
    const laptopId = await idTokenFor(request, email);
    const phone = await exchange(request, email, phoneId);
    const laptop = await exchange(request, email, laptopId);
    expect((await selfCheck(request, email, phone)).status()).toBe(200);
    expect((await selfCheck(request, email, laptop)).status()).toBe(200);

    await nextSecond();
    const out = await request.post('/api/logout', { headers: bearer(phone) });
    expect(out.status(), await out.text()).toBe(204);

    await expectRefused(await selfCheck(request, email, phone), 401);
    // A copy of the phone's ID token does not undo its LogOut...
    await expectRefused(await exchangeAnswer(request, email, phoneId), 401);
    // ...and the laptop carries on: its app token, and exchanging its ID token again.
    expect((await selfCheck(request, email, laptop)).status()).toBe(200);
    const again = await exchangeAnswer(request, email, laptopId);
    expect(again.status(), await again.text()).toBe(200);
  });

  test('Sign out everywhere ends every device, and a new sign-in works', async ({ request }) => {
    const email = uniqueEmail('everywhere');
    const phoneId = await idTokenFor(request, email);
    await nextSecond();
    const laptopId = await idTokenFor(request, email);
    const phone = await exchange(request, email, phoneId);
    const laptop = await exchange(request, email, laptopId);

    await nextSecond();
    const out = await request.post('/api/logout', {
      headers: bearer(phone),
      data: { everywhere: true },
    });
    expect(out.status(), await out.text()).toBe(204);

    for (const token of [phone, laptop]) {
      await expectRefused(await selfCheck(request, email, token), 401);
    }
    for (const idToken of [phoneId, laptopId]) {
      await expectRefused(await exchangeAnswer(request, email, idToken), 401);
    }
    await nextSecond();
    const fresh = await exchange(request, email, await idTokenFor(request, email));
    expect((await selfCheck(request, email, fresh)).status()).toBe(200);
  });
  test('a refresh token stolen before Sign out everywhere never signs in again, even after the owner does', async ({
    request,
  }) => {
    const email = uniqueEmail('stolen.refresh');
    const base = `${await emulatorUrl(request)}`;
    const signedIn = await request.post(
      `${base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`,
      { data: { email, password: 'attack-pass-123', returnSecureToken: true } },
    );
    const { idToken, refreshToken } = (await signedIn.json()) as {
      idToken: string;
      refreshToken: string;
    };
    const owner = await exchange(request, email, idToken);
    await nextSecond();
    const out = await request.post('/api/logout', {
      headers: bearer(owner),
      data: { everywhere: true },
    });
    expect(out.status(), await out.text()).toBe(204);
    // The owner signs in again on a device of their own...
    await nextSecond();
    const again = await exchange(request, email, await idTokenFor(request, email));
    expect((await selfCheck(request, email, again)).status()).toBe(200);

    // ...and the thief's refresh token mints nothing the store takes.
    const refreshed = await request.post(`${base}/securetoken.googleapis.com/v1/token?key=k`, {
      form: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
    if (refreshed.ok()) {
      const stolenId = ((await refreshed.json()) as { id_token: string }).id_token;
      await expectRefused(await exchangeAnswer(request, email, stolenId), 401);
    } else {
      expect(refreshed.status()).toBeGreaterThanOrEqual(400);
    }
  });
});
