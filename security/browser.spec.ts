import { expect, test } from '@playwright/test';
import { appTokenFor, bearer, uniqueEmail } from './identity';

test('markup in a review is shown as text and never runs', async ({ page, request }) => {
  const token = await appTokenFor(request, uniqueEmail('xss'));
  const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
  const res = await request.post('/api/review', {
    headers: bearer(token),
    data: {
      name: payload,
      description: payload,
      Ratings: 4,
      address: 'x',
      img: '/images/reviews/review-1.svg',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/review');
  await expect(page.getByText(payload).first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
});

test('a review cannot end the script element that hands a server-rendered page its data', async ({
  page,
  request,
}) => {
  const token = await appTokenFor(request, uniqueEmail('breakout'));
  // Ends the JSON's <script> element, opens one of its own, and comments out what follows.
  const payload = '</script><script>window.__breakout=1</script><!-- \u2028 & >';
  const res = await request.post('/api/review', {
    headers: bearer(token),
    data: {
      name: 'Script breaker',
      description: payload,
      Ratings: 5,
      address: 'x',
      img: '/images/reviews/review-1.svg',
    },
  });
  expect(res.status()).toBe(201);

  // The HTML as the server sends it: the page's data is one inert element holding the text.
  const html = await (await request.get('/review')).text();
  const state = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(
    html,
  );
  expect(state?.[1]).toBeDefined();
  expect(state?.[1]).not.toMatch(/[<>]/);
  expect(JSON.stringify(JSON.parse(state?.[1] ?? 'null'))).toContain(JSON.stringify(payload));

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/review');
  await expect(page.getByText(payload).first()).toBeVisible();
  expect(await page.locator('script:not([src])').count()).toBe(1);
  expect(
    await page.evaluate(() => (window as unknown as { __breakout?: number }).__breakout),
  ).toBeUndefined();
  expect(errors).toEqual([]);
});

test('login only returns to paths of this store', async ({ page }) => {
  await page.goto('/login');
  // A crafted history state pointing at another site, as an attacker's link could not set it.
  await page.evaluate(() =>
    history.replaceState(
      { usr: { from: { pathname: '//evil.example/phish' } }, key: 'x', idx: 0 },
      '',
    ),
  );
  await page.reload();
  // What is checked is where a sign-in returns to, not a sign-in typed before the app runs.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('Email').fill('shopper@store.test');
  await page.getByLabel('Password').fill('demo-pass-123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});
