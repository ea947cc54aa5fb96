import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';

/** Beyond this many products not known yet, every listed product's model is read at once. */
const READ_ALL_FROM = 2000;

/**
 * The model of each product, kept in memory for listing models from the search index (issue
 * 51). A product never moves to another model (a rename keeps it: docs/models.md), so what was
 * read stays right; only products new since are read.
 */
export class ProductModelDirectory {
  private readonly modelOf = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /** The read under way: requests arriving meanwhile wait for it rather than read too. */
  private reading: Promise<void> | null = null;

  /** A lookup of the model of every one of `ids` (the listed products). */
  async of(ids: readonly string[]): Promise<(productId: string) => string> {
    for (;;) {
      const missing = ids.filter((id) => !this.modelOf.has(id));
      if (missing.length === 0) break;
      if (this.reading) {
        await this.reading;
        continue;
      }
      const read = this.read(missing);
      this.reading = read;
      try {
        await read;
      } finally {
        this.reading = null;
      }
      break;
    }
    return (productId) => {
      const model = this.modelOf.get(productId);
      // Every product gets a model as it is stored, and older ones at the upgrade.
      if (!model) throw new Error(`product ${productId} has no model`);
      return model;
    };
  }

  private async read(missing: readonly string[]): Promise<void> {
    const rows = await this.db
      .select({ id: products.id, modelId: products.modelId })
      .from(products)
      .where(
        missing.length >= READ_ALL_FROM
          ? eq(products.status, 'active')
          : inArray(products.id, [...missing]),
      );
    for (const row of rows) if (row.modelId) this.modelOf.set(row.id, row.modelId);
  }
}
