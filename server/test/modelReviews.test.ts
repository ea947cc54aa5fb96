import { eq, sql } from 'drizzle-orm';
import { DISTANCE_DRIVEN_KM } from '../../contract/reviewDriving';
import { products } from '../src/db/schema';
import { refusals } from '../src/refusals';
import { withAdminAndTwoShoppers } from './accounts';
import { bearer } from './identity';

/**
 * Reviews of a tyre (issue 51): a review may name its size, the reviewer's car and the distance
 * driven, within the contract's limits; a model's reviews list those of all its sizes together.
 */

const review = (extra: Record<string, unknown> = {}) => ({
  name: 'Maria K.',
  description: 'Quiet on the motorway, sure in the rain.',
  Ratings: 4,
  address: 'Lodz',
  img: '/images/reviews/review-1.svg',
  ...extra,
});

describe('reviews of a tyre model', () => {
  const accounts = withAdminAndTwoShoppers();
  /** A seeded model of two sizes or more: its id and two of its sizes. */
  let model: { id: string; sizes: { id: string; name: string }[] };

  beforeAll(async () => {
    const [grouped] = await accounts.t.db
      .select({ modelId: products.modelId })
      .from(products)
      .groupBy(products.modelId)
      .having(sql`count(*) >= 2`)
      .orderBy(products.modelId)
      .limit(1);
    const sizes = await accounts.t.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.modelId, grouped!.modelId!))
      .orderBy(products.name);
    model = { id: grouped!.modelId!, sizes };
  });

  const post = (email: string, body: Record<string, unknown>) =>
    accounts.t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(accounts.tokens[email]!),
      payload: body,
    });
  const modelReviews = (query = '') =>
    accounts.t.app.inject({ method: 'GET', url: `/api/models/${model.id}/reviews${query}` });

  it('refuses a car or distance out of its limits, in words, and stores nothing', async () => {
    const { bob } = accounts;
    const size = model.sizes[0]!.id;
    const refused = async (extra: Record<string, unknown>) => {
      const res = await post(bob, review({ productId: size, ...extra }));
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await refused({ distanceKm: 0 })).toBe('Distance driven (km) must be 1 or more.');
    expect(await refused({ distanceKm: DISTANCE_DRIVEN_KM.max + 1 })).toBe(
      'Distance driven (km) can be at most 200,000.',
    );
    expect(await refused({ distanceKm: 1200.5 })).toBe(
      'Distance driven (km) must be a whole number.',
    );
    expect(await refused({ car: { make: 'VW', model: 'Golf' } })).toBe('Car year is required.');
    expect(await refused({ car: { make: ' ', model: 'Golf', year: 2016 } })).toBe(
      'Car make cannot be only spaces.',
    );
    expect(await refused({ car: { make: 'VW', model: 'Golf', year: 1949 } })).toBe(
      'Car year must be a year from 1950 to 2100.',
    );
    expect(await refused({ car: { make: 'VW', model: 'x'.repeat(61), year: 2016 } })).toBe(
      'Car model can be at most 60 characters.',
    );
    const noTyre = await post(
      bob,
      review({ productId: '00000000-0000-4000-8000-000000000000', distanceKm: 100 }),
    );
    expect(noTyre.statusCode).toBe(400);
    expect(noTyre.json()).toMatchObject({ message: refusals.review.noProduct, field: 'productId' });
    expect((await modelReviews()).json()).toEqual([]);
  });

  it('lists the reviews of every size of the model together, newest first, each with its size, car and distance', async () => {
    const { alice, bob } = accounts;
    const [small, large] = model.sizes;
    const first = await post(
      alice,
      review({
        name: 'Alice',
        Ratings: 5,
        productId: small!.id,
        car: { make: ' VW ', model: 'Golf', year: 2016 },
        distanceKm: DISTANCE_DRIVEN_KM.max,
      }),
    );
    // The spec's answer: its fields only.
    expect(first.statusCode).toBe(201);
    expect(Object.keys(first.json()).sort()).toEqual(
      ['_id', 'Ratings', 'address', 'description', 'img', 'name'].sort(),
    );
    expect(
      (await post(bob, review({ name: 'Bob', Ratings: 2, productId: large!.id }))).statusCode,
    ).toBe(201);
    // A review of the store names no tyre: not the model's.
    expect((await post(bob, review({ name: 'Bob of the store' }))).statusCode).toBe(201);

    const res = await modelReviews();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-average-rating']).toBe('3.50');
    expect(res.json()).toEqual([
      expect.objectContaining({
        name: 'Bob',
        size: { _id: large!.id, name: large!.name },
        car: null,
        distanceKm: null,
      }),
      expect.objectContaining({
        name: 'Alice',
        Ratings: 5,
        size: { _id: small!.id, name: small!.name },
        car: { make: 'VW', model: 'Golf', year: 2016 },
        distanceKm: DISTANCE_DRIVEN_KM.max,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
    // A page at a time.
    const second = await modelReviews('?limit=1&offset=1');
    expect(second.json().map((r: { name: string }) => r.name)).toEqual(['Alice']);
    expect(second.headers['x-total-count']).toBe('2');

    // The spec's list keeps its fields, whatever a review names.
    const spec = await accounts.t.app.inject({ method: 'GET', url: '/api/review?limit=3' });
    for (const listed of spec.json()) {
      expect(Object.keys(listed).sort()).toEqual(
        ['_id', 'Ratings', 'address', 'description', 'img', 'name'].sort(),
      );
    }
  });

  it('leaves a hidden review off the model', async () => {
    const { admin } = accounts;
    const [newest] = (await modelReviews()).json() as { _id: string }[];
    const hide = await accounts.t.app.inject({
      method: 'PATCH',
      url: `/api/review/${newest!._id}`,
      headers: bearer(accounts.tokens[admin]!),
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    const after = await modelReviews();
    expect(after.json().map((r: { _id: string }) => r._id)).not.toContain(newest!._id);
    expect(after.headers['x-total-count']).toBe('1');
  });
});
