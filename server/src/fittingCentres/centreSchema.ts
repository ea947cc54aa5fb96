import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CentreCountry, CentreKind, DayHours } from '../../../contract/fittingCentres';

/** The fitting_centres table (migration 0028), owned by centreTable.ts. */
export const fittingCentres = pgTable(
  'fitting_centres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind').$type<CentreKind>().notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').$type<CentreCountry>().notNull(),
    timeZone: text('time_zone').notNull(),
    hours: jsonb('hours').$type<DayHours[]>().notNull(),
    closedDays: date('closed_days', { mode: 'string' }).array().notNull().default([]),
    bays: integer('bays').notNull(),
    maxRim: integer('max_rim').notNull(),
    runFlat: boolean('run_flat').notNull().default(false),
    tpms: boolean('tpms').notNull().default(false),
    highPerformance: boolean('high_performance').notNull().default(false),
    /** Null: no mobile fitting. */
    mobilePostcodes: text('mobile_postcodes').array(),
    mobileRadiusKm: integer('mobile_radius_km'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('fitting_centres_bays_range', sql`${t.bays} between 1 and 20`)],
);

export type CentreRow = typeof fittingCentres.$inferSelect;
