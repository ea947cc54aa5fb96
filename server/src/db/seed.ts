import { hasProducts, insertProducts } from '../catalog/productTable';
import { hasReviews, insertSeedReviews } from '../reviews/reviewTable';
import type { Db } from './client';
import { hasVehicles, upsertVehicles } from '../vehicles/vehicleTable';
import { seedCentresIfNone } from '../fittingCentres/centreSeed';
import { seedProducts, seedReviews } from './seed-data';
import { seedVehicles } from './seed-vehicles';

/**
 * Loads the demo catalogue and reviews into an empty database only: a database that already
 * holds products or reviews is never touched, so a restart keeps what the store stored.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  await seedVehiclesIfNone(db);
  await seedCentresIfNone(db);
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

/**
 * Loads the seed list of cars when no car is stored: a new store, or one started for the first
 * time with the "My car" picker (its catalogue is its own; the seeded tyres come with new stores).
 */
export async function seedVehiclesIfNone(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await hasVehicles(tx)) return false;
    await upsertVehicles(tx, seedVehicles);
    return true;
  });
}
