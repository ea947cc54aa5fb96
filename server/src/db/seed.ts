import { hasProducts, insertProducts } from '../catalog/productStore';
import { hasReviews, insertSeedReviews } from '../reviews/reviewStore';
import type { Db } from './client';
import { seedProducts, seedReviews } from './seed-data';

/**
 * Loads the demo catalogue and reviews into an empty database only: a database that already
 * holds products or reviews is never touched, so a restart keeps what the store stored.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await hasProducts(tx)) || (await hasReviews(tx))) return false;

    // Distinct creation times keep the seeded order stable in listings sorted by creation.
    const start = Date.now() - seedProducts.length * 1000;
    await insertProducts(
      tx,
      seedProducts.map((p, i) => ({
        name: p.name,
        description: p.description,
        priceCents: p.priceCents,
        orderQuantity: p.orderquantity,
        availableQuantity: p.availablequantity,
        img: p.img,
        euLabel: p.euLabel ?? null,
        createdAt: new Date(start + i * 1000),
      })),
    );
    await insertSeedReviews(
      tx,
      seedReviews.map((r, i) => ({
        name: r.name,
        description: r.description,
        ratings: r.Ratings,
        address: r.address,
        img: r.img,
        createdAt: new Date(start + i * 1000),
      })),
    );
    return true;
  });
}
