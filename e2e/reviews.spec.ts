import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { REVIEW_PAGE } from '../contract/pageSizes';
import { screenshots, shootBothWidths } from './support';
import { ADMIN, unique, appToken, logIn } from '../playwright/accounts';

// Reviews a page at a time on /review, the newest few on the landing page, and an admin's
// moderation list (issue 27, finding 6). The reviews this file writes are hidden again at the
// end, so the journeys after it see the store's reviews as before.

const written: string[] = [];

/** Nine reviews from three new accounts (three each, the most one may write at a time). */
async function writeReviews(request: APIRequestContext, tag: string) {
  const names: string[] = [];
  for (let writer = 0; writer < 3; writer += 1) {
    const token = await appToken(request, `paging.${unique()}@store.test`, { create: true });
    for (let n = 0; n < 3; n += 1) {
      const name = `${tag} ${writer}.${n}`;
      const res = await request.post('/api/review', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          name,
          description: `Set ${n + 1} of winter tyres for the family's cars, fitted in an hour.`,
          Ratings: 3 + (n % 3),
          address: 'Poznan',
          img: '/images/reviews/review-2.svg',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      written.push((await res.json())._id);
      names.unshift(name);
    }
  }
  return names;
}

test.afterAll(async ({ request }) => {
  const admin = await appToken(request, ADMIN);
  for (const id of written.splice(0)) {
    await request.patch(`/api/review/${id}`, {
      headers: { authorization: `Bearer ${admin}` },
      data: { hidden: true },
    });
  }
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('/review shows the reviews a page at a time, the landing page the newest three', async ({
  page,
  request,
}) => {
  const tag = `Paging ${unique()}`;
  const names = await writeReviews(request, tag);
  const total = Number((await request.get('/api/review?limit=1')).headers()['x-total-count']);
  expect(total).toBeGreaterThan(REVIEW_PAGE.size);

  await page.goto('/');
  const latest = page.getByRole('list', { name: 'Customer reviews' }).getByRole('article');
  await expect(latest).toHaveCount(3);
  await expect(latest.getByRole('heading')).toHaveText(names.slice(0, 3));

  await mainNav(page).getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/review$/);
  const cards = page.getByRole('list', { name: 'Customer reviews' }).getByRole('article');
  await expect(cards).toHaveCount(REVIEW_PAGE.size);
  await expect(page.getByText(`average from ${total} reviews`)).toBeVisible();
  await expect(page.getByText(`Showing 1–${REVIEW_PAGE.size} of ${total} reviews`)).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Review pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await shootBothWidths(page, 'reviews', 'paging-first');

  // Next: the second page, its address in the URL, focus on the line saying what is shown.
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/review\?page=2$/);
  const showing = page.getByText(
    new RegExp(`^Showing ${REVIEW_PAGE.size + 1}–\\d+ of ${total} reviews$`),
  );
  await expect(showing).toBeFocused();
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await shootBothWidths(page, 'reviews', 'paging-second');

  // The second page is a page of its own before any script: shareable, and served rendered.
  const html = await (await request.get('/review?page=2')).text();
  expect(html).toContain(`Showing ${REVIEW_PAGE.size + 1}`);
  expect(html).not.toContain(names[0]);
  // Back returns to the first page.
  await page.goBack();
  await expect(page).toHaveURL(/\/review$/);
  await expect(cards.first().getByRole('heading')).toHaveText(names[0]!);
});

test('an admin hides a review from the dashboard and it leaves /review and the landing page', async ({
  page,
  request,
}) => {
  const tag = `Moderated ${unique()}`;
  const names = await writeReviews(request, tag);
  const newest = names[0]!;

  await page.goto('/dashboard/reviews');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, 'admin@store.test');
  await expect(page).toHaveURL(/\/dashboard\/reviews$/);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Reviews' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: newest });
  await expect(row.getByText('Shown')).toBeVisible();
  await shootBothWidths(page, 'reviews', 'moderation');

  await row.getByRole('button', { name: `Hide the review by ${newest}` }).click();
  await expect(
    page.getByText(`The review by ${newest} is hidden: only admins see it now.`),
  ).toBeVisible();
  await expect(row.getByText('Hidden')).toBeVisible();
  await page.screenshot({ path: `${screenshots}/reviews-moderation-hidden-1280.png` });

  // Gone for the public: in the app (its cache refreshed), and in the pages the server sends.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Review' })
    .click();
  await expect(page.getByRole('heading', { name: names[1]! })).toBeVisible();
  await expect(page.getByRole('heading', { name: newest })).toHaveCount(0);
  await expect.poll(async () => (await request.get('/')).text()).not.toContain(newest);
  await expect.poll(async () => (await request.get('/review')).text()).not.toContain(newest);

  // Shown again from the list.
  await page.goto('/dashboard/reviews');
  await row.getByRole('button', { name: `Show the review by ${newest}` }).click();
  await expect(page.getByText(`The review by ${newest} is shown again.`)).toBeVisible();
  await expect.poll(async () => (await request.get('/review')).text()).toContain(newest);
});
