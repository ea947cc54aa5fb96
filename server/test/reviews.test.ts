import { eq, sql } from 'drizzle-orm';
import { REVIEW_POSTING_LIMITS, reviewLimitMessage, waitInWords } from '../../contract/limits';
import { LANDING_REVIEWS, REVIEW_PAGE } from '../../contract/pageSizes';
import { seedReviews } from '../src/db/seed-data';
import { reviews } from '../src/db/schema';
import { withAdminAndTwoShoppers } from './accounts';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

const review = (name: string) => ({
  name,
  description: 'Quiet on the motorway.',
  Ratings: 4,
  address: 'Lodz',
  img: '/images/reviews/review-1.svg',
});

describe('reviews API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists the reviews publicly with the spec field names, the count and the average', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(seedReviews.length);
    const names = list.map((r: { name: string }) => r.name).sort();
    expect(names).toEqual(seedReviews.map((r) => r.name).sort());
    const seeded = seedReviews.find((r) => r.name === list[0].name)!;
    expect(list[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: seeded.name,
      description: seeded.description,
      Ratings: seeded.Ratings,
      address: seeded.address,
      img: seeded.img,
    });
    expect(res.headers['x-total-count']).toBe(String(seedReviews.length));
    const average = seedReviews.reduce((sum, r) => sum + r.Ratings, 0) / seedReviews.length;
    expect(res.headers['x-average-rating']).toBe(average.toFixed(2));
  });

  it('refuses a page larger than the most it answers, in words', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/review?limit=${REVIEW_PAGE.max + 1}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`limit can be at most ${REVIEW_PAGE.max}.`);
  });
});

describe('reviews in pages, limited and moderated', () => {
  const accounts = withAdminAndTwoShoppers();
  const post = (email: string, name: string) =>
    accounts.t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(accounts.tokens[email]!),
      payload: review(name),
    });
  const list = (url: string, email?: string) =>
    accounts.t.app.inject({
      method: 'GET',
      url,
      headers: email ? bearer(accounts.tokens[email]!) : {},
    });
  const setHidden = (email: string, id: string, hidden: boolean) =>
    accounts.t.app.inject({
      method: 'PATCH',
      url: `/api/review/${id}`,
      headers: bearer(accounts.tokens[email]!),
      payload: { hidden },
    });
  /** Moves an account's reviews back in time, as if written `seconds` earlier. */
  const age = (email: string, seconds: number) =>
    accounts.t.db
      .update(reviews)
      .set({ createdAt: sql`${reviews.createdAt} - make_interval(secs => ${seconds})` })
      .where(eq(reviews.authorEmail, email));

  const [tenMinutes, aDay] = REVIEW_POSTING_LIMITS;

  it('refuses a review beyond the few one account may write at a time, saying when to try again', async () => {
    const { alice, bob } = accounts;
    for (let i = 0; i < tenMinutes.reviews; i += 1) {
      expect((await post(alice, `Alice ${i}`)).statusCode).toBe(201);
    }
    const refused = await post(alice, 'Alice too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too Many Requests',
      message: reviewLimitMessage(tenMinutes, tenMinutes.seconds),
    });
    expect(refused.json().message).toBe(
      'You have written 3 reviews in the last 10 minutes, as many as one account may. ' +
        'You can write the next one in 10 minutes.',
    );
    // Another account is not held back by it.
    expect((await post(bob, 'Bob 0')).statusCode).toBe(201);

    // Ten minutes later the account writes again, until its day's reviews are written.
    await age(alice, tenMinutes.seconds + 1);
    const written = [];
    for (let i = tenMinutes.reviews; i < aDay.reviews; i += 1) {
      written.push((await post(alice, `Alice ${i}`)).statusCode);
      if (written.length % tenMinutes.reviews === 0) await age(alice, tenMinutes.seconds + 1);
    }
    expect(written).toEqual(Array(aDay.reviews - tenMinutes.reviews).fill(201));
    await age(alice, tenMinutes.seconds + 1);
    const dayFull = await post(alice, 'Alice after ten');
    expect(dayFull.statusCode).toBe(429);
    expect(dayFull.json().message).toMatch(
      /^You have written 10 reviews in the last 24 hours, as many as one account may\. You can write the next one in (2[0-4]) hours\.$/,
    );
    // Nothing refused was stored.
    const stored = await accounts.t.db.select().from(reviews).where(eq(reviews.authorEmail, alice));
    expect(stored).toHaveLength(aDay.reviews);
  });

  it('lets reviews sent all at once through only up to the limit', async () => {
    const racer = uniqueEmail('racer');
    accounts.tokens[racer] = await appToken(accounts.t.app, racer, { verified: true });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(racer, `Racer ${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(tenMinutes.reviews).fill(201),
      ...Array(12 - tenMinutes.reviews).fill(429),
    ]);
  });

  it('pages the public list newest first with the count of all', async () => {
    const all = await list(`/api/review?limit=${REVIEW_PAGE.max}`);
    const total = Number(all.headers['x-total-count']);
    expect(all.json()).toHaveLength(Math.min(total, REVIEW_PAGE.max));
    const names = all.json().map((r: { name: string }) => r.name);
    const first = await list(`/api/review?limit=${LANDING_REVIEWS}`);
    expect(first.json().map((r: { name: string }) => r.name)).toEqual(
      names.slice(0, LANDING_REVIEWS),
    );
    const second = await list(`/api/review?limit=2&offset=2`);
    expect(second.json().map((r: { name: string }) => r.name)).toEqual(names.slice(2, 4));
    expect(second.headers['x-total-count']).toBe(String(total));
    // Without a limit: a page of the default size.
    expect((await list('/api/review')).json()).toHaveLength(Math.min(total, REVIEW_PAGE.size));
    // Past the end: an empty page, the count still there.
    const past = await list(`/api/review?offset=${total}`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(total));
  });

  it('lets an admin hide a review from everyone else and show it again', async () => {
    const { admin, bob } = accounts;
    const before = await list(`/api/review?limit=${REVIEW_PAGE.max}`);
    const total = Number(before.headers['x-total-count']);
    const target = before.json()[0] as { _id: string; name: string };

    // Shoppers and strangers cannot.
    expect((await setHidden(bob, target._id, true)).statusCode).toBe(403);
    const stranger = await accounts.t.app.inject({
      method: 'PATCH',
      url: `/api/review/${target._id}`,
      payload: { hidden: true },
    });
    expect(stranger.statusCode).toBe(401);

    const hidden = await setHidden(admin, target._id, true);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ _id: target._id, name: target.name, hidden: true });
    // Twice is the same.
    expect((await setHidden(admin, target._id, true)).json()).toMatchObject({ hidden: true });

    const after = await list(`/api/review?limit=${REVIEW_PAGE.max}`);
    expect(after.json().map((r: { _id: string }) => r._id)).not.toContain(target._id);
    expect(after.headers['x-total-count']).toBe(String(total - 1));

    // The moderation list has every review, hidden ones marked, with who wrote it.
    const moderation = await list(`/api/review/moderation?limit=${REVIEW_PAGE.max}`, admin);
    expect(moderation.statusCode).toBe(200);
    expect(moderation.headers['x-total-count']).toBe(String(total));
    expect(moderation.json()[0]).toEqual({
      ...target,
      description: expect.any(String),
      Ratings: expect.any(Number),
      address: expect.any(String),
      img: expect.any(String),
      hidden: true,
      authorEmail: expect.stringContaining('@'),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await list('/api/review/moderation', bob)).statusCode).toBe(403);
    expect((await list('/api/review/moderation')).statusCode).toBe(401);

    const shown = await setHidden(admin, target._id, false);
    expect(shown.json()).toMatchObject({ _id: target._id, hidden: false });
    const again = await list(`/api/review?limit=${REVIEW_PAGE.max}`);
    expect(again.json()[0]._id).toBe(target._id);
  });

  it('says so for a review that is not there, and for a body that is not a yes or no', async () => {
    const missing = await setHidden(accounts.admin, crypto.randomUUID(), true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No review with this id.');
    const bad = await accounts.t.app.inject({
      method: 'PATCH',
      url: `/api/review/${crypto.randomUUID()}`,
      headers: bearer(accounts.tokens[accounts.admin]!),
      payload: { hidden: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).not.toMatch(/\//);
  });
});

describe('waits in words', () => {
  it.each([
    [0.2, '1 second'],
    [40, '40 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [600, '10 minutes'],
    [3599, '1 hour'],
    [59 * 60, '59 minutes'],
    [3600, '1 hour'],
    [5 * 3600 - 1, '5 hours'],
  ])('%s seconds is "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});
