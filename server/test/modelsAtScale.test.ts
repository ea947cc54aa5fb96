import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { everyProduct, insertProducts, toProduct } from '../src/catalog/productTable';
import type { Db } from '../src/db/client';
import { products, tyreModels } from '../src/db/schema';
import { groupProductsIntoModels, planStoredGrouping } from '../src/models/modelGrouping';
import { benchProduct } from '../../bench/bigCatalogue';
import { startTestApp, type TestApp } from './testApp';

const PRODUCTS = 100_000;

// Loading 100,000 products takes minutes on a busy machine: run with MODELS_AT_SCALE=1
// (docs/models.md); `npm test` runs the same round trip on the seeded catalogue (models.test.ts).
const describeAtScale = process.env.MODELS_AT_SCALE === '1' ? describe : describe.skip;
const BATCH = 2000;

/** Every product as the spec's calls show it, in one digest. */
async function digestOfCatalogue(db: Db): Promise<string> {
  const hash = createHash('sha256');
  for await (const rows of everyProduct(db, 5000)) {
    for (const row of rows) hash.update(JSON.stringify(toProduct(row)));
  }
  return hash.digest('hex');
}

describeAtScale(`grouping ${PRODUCTS.toLocaleString('en-US')} products into models`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
    for (let from = 0; from < PRODUCTS; from += BATCH) {
      const batch = Array.from({ length: BATCH }, (_, i) =>
        benchProduct(from + i, '/images/products/summer-tyre.svg'),
      );
      await insertProducts(t.db, batch);
    }
  }, 600_000);
  afterAll(() => t.close());

  it('loses nothing, and makes the models its dry run counts', async () => {
    const { db } = t;
    const stored = await db.$count(tyreModels);
    await db.execute(sql`update products set model_id = null`);
    await db.delete(tyreModels);
    const before = await digestOfCatalogue(db);
    const report = await planStoredGrouping(db, 0);
    expect(report.products).toBe(PRODUCTS);
    // Each tyre line of the bench catalogue (brand, line, season) is one model.
    expect(report.grouped.models).toBe(7 * 9 * 3);

    const started = Date.now();
    expect(await groupProductsIntoModels(db)).toBe(PRODUCTS);
    const seconds = (Date.now() - started) / 1000;
    console.log(`grouped ${PRODUCTS} products into ${report.models} models in ${seconds} s`);

    expect(await db.$count(products, sql`${products.modelId} is null`)).toBe(0);
    expect(await db.$count(tyreModels)).toBe(report.models);
    // The same models as the products got when they were stored one batch at a time.
    expect(report.models).toBe(stored);
    expect(await digestOfCatalogue(db)).toBe(before);
    // A store upgrading 100,000 products waits this long at its first start.
    expect(seconds).toBeLessThan(120);
  }, 600_000);
});
