import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FittingCentre, FittingCentreBody } from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import { Conflict, NotFound } from '../domainErrors';
import { placeOfCentre } from './centreRules';
import { centreWords } from './centreWords';
import { fittingCentres, type CentreRow } from './centreSchema';
import { normalPostcode } from './postcodes';

/**
 * The fitting_centres table's owner: the centres admins write (one by one or by CSV) and the
 * finder and the slots read.
 */

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export function toCentre(row: CentreRow): FittingCentre {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    timeZone: row.timeZone,
    hours: row.hours,
    closedDays: [...row.closedDays].sort(),
    bays: row.bays,
    capabilities: {
      maxRim: row.maxRim,
      runFlat: row.runFlat,
      tpms: row.tpms,
      highPerformance: row.highPerformance,
    },
    mobile:
      row.mobilePostcodes === null && row.mobileRadiusKm === null
        ? null
        : { postcodes: row.mobilePostcodes ?? [], radiusKm: row.mobileRadiusKm },
    active: row.active,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** The columns of a centre as written (its postcode kept normal, its place from it). */
export function columnsOf(centre: FittingCentreBody) {
  const place = placeOfCentre(centre);
  return {
    code: centre.code,
    name: centre.name.trim(),
    kind: centre.kind,
    street: centre.street.trim(),
    city: centre.city.trim(),
    postcode: normalPostcode(centre.postcode, centre.country),
    country: centre.country,
    timeZone: centre.timeZone,
    hours: centre.hours,
    closedDays: [...new Set(centre.closedDays)].sort(),
    bays: centre.bays,
    maxRim: centre.capabilities.maxRim,
    runFlat: centre.capabilities.runFlat,
    tpms: centre.capabilities.tpms,
    highPerformance: centre.capabilities.highPerformance,
    mobilePostcodes: centre.mobile
      ? centre.mobile.postcodes.map((p) => normalPostcode(p, centre.country))
      : null,
    mobileRadiusKm: centre.mobile?.radiusKm ?? null,
    latitude: place.latitude,
    longitude: place.longitude,
    active: centre.active,
  };
}

export async function listCentres(
  db: DbOrTx,
  { activeOnly = false } = {},
): Promise<FittingCentre[]> {
  const rows = await db
    .select()
    .from(fittingCentres)
    .where(activeOnly ? eq(fittingCentres.active, true) : undefined)
    .orderBy(asc(fittingCentres.name), asc(fittingCentres.code));
  return rows.map(toCentre);
}

export async function findCentre(db: DbOrTx, id: string): Promise<FittingCentre | null> {
  const [row] = await db.select().from(fittingCentres).where(eq(fittingCentres.id, id));
  return row ? toCentre(row) : null;
}

export async function requireCentre(db: DbOrTx, id: string): Promise<FittingCentre> {
  const centre = await findCentre(db, id);
  if (!centre) throw new NotFound(centreWords.notFound);
  return centre;
}

/** A unique violation of the code (Drizzle wraps the driver's error as its cause). */
function isCodeTaken(error: unknown): boolean {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
  return cause.code === '23505';
}

export async function insertCentre(db: DbOrTx, centre: FittingCentreBody): Promise<FittingCentre> {
  try {
    const [row] = await db.insert(fittingCentres).values(columnsOf(centre)).returning();
    return toCentre(row!);
  } catch (error) {
    if (isCodeTaken(error)) throw new Conflict(centreWords.codeTaken(centre.code), 'code');
    throw error;
  }
}

export async function updateCentre(
  db: DbOrTx,
  id: string,
  centre: FittingCentreBody,
): Promise<FittingCentre> {
  try {
    const [row] = await db
      .update(fittingCentres)
      .set({ ...columnsOf(centre), updatedAt: sql`now()` })
      .where(eq(fittingCentres.id, id))
      .returning();
    if (!row) throw new NotFound(centreWords.notFound);
    return toCentre(row);
  } catch (error) {
    if (isCodeTaken(error)) throw new Conflict(centreWords.codeTaken(centre.code), 'code');
    throw error;
  }
}

export async function deleteCentre(db: DbOrTx, id: string): Promise<void> {
  const gone = await db.delete(fittingCentres).where(eq(fittingCentres.id, id)).returning();
  if (gone.length === 0) throw new NotFound(centreWords.notFound);
}

/** The centres stored under these codes, by code. */
export async function centresByCode(
  db: DbOrTx,
  codes: readonly string[],
): Promise<Map<string, FittingCentre>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select()
    .from(fittingCentres)
    .where(inArray(fittingCentres.code, [...codes]));
  return new Map(rows.map((row) => [row.code, toCentre(row)]));
}

/** Adds or replaces centres by code (the CSV import's batch). */
export async function upsertCentres(tx: DbOrTx, centres: readonly FittingCentreBody[]) {
  if (centres.length === 0) return;
  const columns = getTableColumns(fittingCentres);
  // Every written column takes the row's value: the centre is replaced whole.
  const set = Object.fromEntries(
    Object.keys(columnsOf(centres[0]!)).map((key) => [
      key,
      sql.raw(`excluded.${columns[key as keyof typeof columns].name}`),
    ]),
  );
  await tx
    .insert(fittingCentres)
    .values(centres.map(columnsOf))
    .onConflictDoUpdate({ target: fittingCentres.code, set: { ...set, updatedAt: sql`now()` } });
}

export async function hasCentres(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: fittingCentres.id }).from(fittingCentres).limit(1);
  return row !== undefined;
}
