import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AppointmentStatus, Job } from '../../../contract/appointments';

/** The appointments' tables (migration 0029): appointmentTable.ts and stockPlaces.ts own them. */

export const appointments = pgTable('appointments', {
  id: uuid('id').primaryKey().defaultRandom(),
  centreId: uuid('centre_id').notNull(),
  bay: integer('bay').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  job: text('job').$type<Job>().notNull(),
  tpms: boolean('tpms').notNull().default(false),
  car: text('car').notNull().default(''),
  userId: uuid('user_id').notNull(),
  checkoutId: uuid('checkout_id'),
  status: text('status').$type<AppointmentStatus>().notNull().default('booked'),
  tyresReadyAt: timestamp('tyres_ready_at', { withTimezone: true }).notNull(),
  /** When its day-before reminder was written to the outbox (migration 0030). */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AppointmentRow = typeof appointments.$inferSelect;

export const stockPlaces = pgTable('stock_places', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Set for a centre's own shelf. */
  centreId: uuid('centre_id'),
});

export const leadTimes = pgTable(
  'lead_times',
  {
    placeCode: text('place_code').notNull(),
    centreId: uuid('centre_id').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.placeCode, t.centreId] })],
);

export const productPlaces = pgTable('product_places', {
  productId: uuid('product_id').primaryKey(),
  placeCode: text('place_code').notNull(),
});
