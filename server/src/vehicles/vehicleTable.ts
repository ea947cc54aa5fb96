import { asc, count, eq, sql } from 'drizzle-orm';
import type { Vehicle } from '../../../contract/vehicles';
import type { Db } from '../db/client';
import { vehicles } from '../db/schema';

/**
 * The vehicles table's owner: cars and the tyre sizes their makers fitted. The picker reads the
 * whole list once (vehicleDirectory.ts keeps it in memory); the fitment import writes it.
 */

export type VehicleRow = typeof vehicles.$inferSelect;
type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A version as the fitment import and the seed give it. */
export type NewVehicle = Omit<Vehicle, '_id'>;

export function toVehicle(row: VehicleRow): Vehicle {
  return {
    _id: row.id,
    make: row.make,
    model: row.model,
    generation: row.generation,
    engine: row.engine,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    front: { width: row.frontWidth, aspect: row.frontAspect, rim: row.frontRim },
    rear: { width: row.rearWidth, aspect: row.rearAspect, rim: row.rearRim },
    frontMinimum: { loadIndex: row.frontLoadIndex, speedRating: row.frontSpeedRating },
    rearMinimum: { loadIndex: row.rearLoadIndex, speedRating: row.rearSpeedRating },
    factorySizes: row.factorySizes,
    runFlat: row.runFlat,
    tpms: row.tpms,
    fourWheelDrive: row.fourWheelDrive,
    oeMarks: row.oeMarks,
  };
}

const columnsOf = (vehicle: NewVehicle) => ({
  make: vehicle.make,
  model: vehicle.model,
  generation: vehicle.generation,
  engine: vehicle.engine,
  yearFrom: vehicle.yearFrom,
  yearTo: vehicle.yearTo,
  frontWidth: vehicle.front.width,
  frontAspect: vehicle.front.aspect,
  frontRim: vehicle.front.rim,
  rearWidth: vehicle.rear.width,
  rearAspect: vehicle.rear.aspect,
  rearRim: vehicle.rear.rim,
  frontLoadIndex: vehicle.frontMinimum.loadIndex,
  frontSpeedRating: vehicle.frontMinimum.speedRating,
  rearLoadIndex: vehicle.rearMinimum.loadIndex,
  rearSpeedRating: vehicle.rearMinimum.speedRating,
  factorySizes: vehicle.factorySizes,
  runFlat: vehicle.runFlat,
  tpms: vehicle.tpms,
  fourWheelDrive: vehicle.fourWheelDrive,
  oeMarks: vehicle.oeMarks,
});

/** The key of a version: a fitment row with the same key replaces it. */
export const versionKey = (
  v: Pick<NewVehicle, 'make' | 'model' | 'generation' | 'engine' | 'yearFrom'>,
) => JSON.stringify([v.make, v.model, v.generation, v.engine, v.yearFrom]);

/** Every version, by make, model, first year and name. */
export async function readVehicles(db: Db): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(vehicles)
    .orderBy(
      asc(vehicles.make),
      asc(vehicles.model),
      asc(vehicles.yearFrom),
      asc(vehicles.generation),
      asc(vehicles.engine),
    );
  return rows.map(toVehicle);
}

export async function findVehicle(db: Db, id: string): Promise<Vehicle | null> {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id));
  return row ? toVehicle(row) : null;
}

export async function hasVehicles(db: DbOrTx): Promise<boolean> {
  const [stored] = await db.select({ n: count() }).from(vehicles);
  return (stored?.n ?? 0) > 0;
}

/**
 * Adds these versions, or replaces those with the same key (make, model, generation, engine,
 * first year): their years to, sizes and what they need of their tyres. Returns how many rows were new.
 */
export async function upsertVehicles(db: DbOrTx, list: readonly NewVehicle[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await db
    .insert(vehicles)
    .values(list.map(columnsOf))
    .onConflictDoUpdate({
      target: [
        vehicles.make,
        vehicles.model,
        vehicles.generation,
        vehicles.engine,
        vehicles.yearFrom,
      ],
      set: {
        yearTo: sql`excluded.year_to`,
        frontWidth: sql`excluded.front_width`,
        frontAspect: sql`excluded.front_aspect`,
        frontRim: sql`excluded.front_rim`,
        rearWidth: sql`excluded.rear_width`,
        rearAspect: sql`excluded.rear_aspect`,
        rearRim: sql`excluded.rear_rim`,
        frontLoadIndex: sql`excluded.front_load_index`,
        frontSpeedRating: sql`excluded.front_speed_rating`,
        rearLoadIndex: sql`excluded.rear_load_index`,
        rearSpeedRating: sql`excluded.rear_speed_rating`,
        factorySizes: sql`excluded.factory_sizes`,
        runFlat: sql`excluded.run_flat`,
        tpms: sql`excluded.tpms`,
        fourWheelDrive: sql`excluded.four_wheel_drive`,
        oeMarks: sql`excluded.oe_marks`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 on a row this statement inserted, else the id of the transaction that updated it.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return rows.filter((row) => row.inserted).length;
}
