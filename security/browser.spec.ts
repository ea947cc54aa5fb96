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
  await page.getByLabel('Email').fill('shopper@store.test');
  await page.getByLabel('Password').fill('demo-pass-123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});
