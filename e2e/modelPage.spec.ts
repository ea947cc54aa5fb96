import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../playwright/fixtures';
import { copy } from '../contract/copy';
import { appToken, bearer, newAccount, RESENT_ON_RESET, unique } from '../playwright/accounts';
import { retireProducts } from '../playwright/storeApi';
import { expectWellFormed, gotoLive, screenshots, payWithCard } from './support';

/**
 * Issue 51's journey in Chromium against the whole stack, at a phone's and a desktop's width: a
 * shopper opens a tyre model from the shop, switches size, looks through its pictures, compares
 * three sizes side by side and buys the one with the best wet grip as a guest. On the way, the
 * model's page shows a review of another size with the reviewer's car and distance driven. The
 * model (three sizes, two pictures) and the review are made through the API.
 */

const SIZES = [
  { size: '205/55 R16 91V', width: 205, aspect: 55, rim: 16, load: 91, speed: 'V', wet: 'C' },
  { size: '225/45 R17 94Y', width: 225, aspect: 45, rim: 17, load: 94, speed: 'Y', wet: 'A' },
  { size: '235/40 R18 95Y', width: 235, aspect: 40, rim: 18, load: 95, speed: 'Y', wet: 'B' },
] as const;
const PICTURES = [
  { url: '/images/products/summer-tyre.svg', alt: 'The tread from the front' },
  { url: '/images/products/performance-tyre.svg', alt: 'The sidewall and its size' },
];

const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

/** A model of three sizes with two pictures; its name and its sizes' ids. */
async function addModel(request: APIRequestContext, admin: string) {
  const model = `Rain${unique()} Contact`;
  const ids: string[] = [];
  for (const [at, size] of SIZES.entries()) {
    const res = await request.post('/api/product', {
      ...RESENT_ON_RESET,
      headers: bearer(admin),
      data: {
        name: `${model} ${size.size}`,
        description: 'A summer tyre for wet roads, added by a browser test.',
        price: 80 + at * 15,
        orderquantity: 1,
        availableauantity: 40,
        img: '/images/products/summer-tyre.svg',
        category: 'tyre',
        width: size.width,
        aspect: size.aspect,
        rim: size.rim,
        season: 'summer',
        loadIndex: size.load,
        speedRating: size.speed,
        euLabel: {
          fuel: 'B',
          wetGrip: size.wet,
          noiseDb: 70 + at,
          noiseClass: 'B',
          snow: false,
          ice: false,
          eprel: null,
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json())._id);
  }
  ownProducts.push(...ids);
  const { _id: modelId } = await (await request.get(`/api/product/${ids[0]}/model`)).json();
  for (const picture of PICTURES) {
    const res = await request.post(`/api/models/${modelId}/pictures`, {
      ...RESENT_ON_RESET,
      headers: bearer(admin),
      data: picture,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { model, ids };
}

/** A driver's review of one size, with the car and 20,000 km driven, as the review form sends it. */
async function addReview(request: APIRequestContext, productId: string) {
  const token = await appToken(request, await newAccount(request, 'reviewer'));
  const res = await request.post('/api/review', {
    headers: { ...bearer(token), 'idempotency-key': `review-${unique()}` },
    data: {
      name: 'Rhys R.',
      description: 'Grips on wet motorways, quiet at speed.',
      Ratings: 5,
      address: 'Cardiff',
      img: '/images/reviews/review-1.svg',
      productId,
      car: { make: 'Skoda', model: 'Octavia', year: 2019 },
      distanceKm: 20_000,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

for (const width of [390, 1280]) {
  test(`a shopper opens a model, switches size, looks at its pictures, compares three sizes and buys the best in the wet (${width} px)`, async ({
    tokens,
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const shot = async (name: string) => {
      await expectWellFormed(page, `${name} at ${width}px`);
      await page.screenshot({ path: `${screenshots}/model-${name}-${width}.png`, fullPage: true });
    };
    const { model, ids } = await addModel(page.request, await tokens.admin());
    await addReview(page.request, ids[2]!);
    const chosen = (size: string) => page.getByRole('region', { name: size });

    // From the shop's card to the model's page, that card's size chosen.
    await gotoLive(page, `/shop?q=${encodeURIComponent(model)}`);
    const card = page.getByRole('article', { name: `${model} ${SIZES[0].size}` });
    await card.getByRole('link', { name: 'All 3 sizes' }).click();
    await expect(page).toHaveURL(new RegExp(`/model/[0-9a-f-]+\\?size=${ids[0]}$`));
    await expect(page.getByRole('heading', { level: 1, name: model })).toBeVisible();
    await expect(chosen(SIZES[0].size)).toContainText('$80.00');
    // The reviews of every size: one of the third, its car and distance in the US's miles.
    const reviews = page.getByRole('region', { name: 'Reviews' });
    const review = reviews.getByRole('article', { name: 'Rhys R.' });
    await expect(review).toContainText(SIZES[2].size);
    await expect(review).toContainText('Skoda Octavia (2019)');
    await expect(review).toContainText('12,427 miles');
    await expect(
      reviews.getByRole('link', { name: `Write a review of ${SIZES[0].size}` }),
    ).toHaveAttribute('href', `/dashboard/myreview?product=${ids[0]}`);
    await shot('page');

    // Another size: its row is marked and its price shown.
    await page.getByRole('link', { name: `Choose ${SIZES[1].size}` }).click();
    await expect(chosen(SIZES[1].size)).toContainText('$95.00');
    await expect(page.getByRole('link', { name: `Chosen: ${SIZES[1].size}` })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // The pictures: the second, enlarged, the next (the first again), zoomed.
    const gallery = page.getByRole('group', { name: 'Pictures' });
    await gallery.getByRole('button', { name: `Picture 2 of 2: ${PICTURES[1]!.alt}` }).click();
    await gallery.getByRole('button', { name: `Enlarge the picture: ${PICTURES[1]!.alt}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Picture 2 of 2');
    await expect(dialog.getByRole('img', { name: PICTURES[1]!.alt })).toBeVisible();
    await dialog.getByRole('button', { name: 'Next picture' }).click();
    await expect(dialog).toHaveAccessibleName('Picture 1 of 2');
    await expect(dialog.getByRole('img', { name: PICTURES[0]!.alt })).toBeVisible();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shot('pictures');
    await dialog.getByRole('button', { name: 'Close the pictures' }).click();
    await expect(dialog).toBeHidden();

    // The three sizes into the comparison, one after the other.
    for (const size of [SIZES[1], SIZES[0], SIZES[2]]) {
      if (!(await chosen(size.size).isVisible())) {
        await page.getByRole('link', { name: `Choose ${size.size}` }).click();
      }
      await chosen(size.size).getByRole('button', { name: 'Add to compare' }).click();
      await expect(
        chosen(size.size).getByRole('button', { name: 'Remove from compare' }),
      ).toBeVisible();
    }
    await chosen(SIZES[2].size).getByRole('link', { name: 'Compare 3 tyres' }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${ids[1]},${ids[0]},${ids[2]}$`));

    // The best wet grip is marked in words; that tyre goes in the bag.
    const wetRow = page.getByRole('row', { name: /^Wet grip class/ });
    await expect(wetRow.getByRole('cell')).toHaveText(['ABest', 'C', 'B']);
    await shot('compare');
    const buyRow = page.getByRole('row').last();
    const best = buyRow.getByRole('cell').nth(0);
    await best.getByRole('button', { name: 'Add 4 to bag' }).click();
    await expect(best.getByRole('status')).toContainText('Added 4');

    // Paid as a guest, delivered.
    await gotoLive(page, '/bag');
    await expect(page.getByText(`${model} ${SIZES[1].size}`)).toBeVisible();
    await page.getByRole('link', { name: 'Continue as guest' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(`model.${unique()}@store.test`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Wendy Wet');
    await page.getByRole('textbox', { name: 'Address' }).fill('5 Rain Street, Leeds LS3 1AA');
    await page.getByRole('textbox', { name: 'Phone Number' }).fill('0113 496 0002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('status').filter({ hasText: copy.payment.success })).toBeVisible();
    await expect(page.getByText(`${model} ${SIZES[1].size}`)).toBeVisible();
    await shot('paid');
  });
}
