import { seedReviews } from '../src/db/seed-data';
import { startTestApp, testDatabases, type TestApp } from './testApp';

describe.each(testDatabases)('reviews API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the reviews publicly with the spec field names', async () => {
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
  });
});
