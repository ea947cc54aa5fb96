import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Conversion,
  LineKind,
  MarketFees,
  TaxKind,
  TaxRates,
} from '../../../contract/markets';
import { checkouts, orders, products } from '../db/schema';

/** The markets' tables (migrations 0036 and 0037); their owner is marketTable.ts. */

export const markets = pgTable('markets', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  locale: text('locale').notNull(),
  countries: text('countries').array().notNull(),
  taxIncluded: boolean('tax_included').notNull(),
  regionRequired: boolean('region_required').notNull(),
  taxRates: jsonb('tax_rates').$type<TaxRates>().notNull(),
  fees: jsonb('fees').$type<MarketFees>().notNull(),
  conversion: jsonb('conversion').$type<Conversion>().notNull(),
  position: integer('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A product's own shelf price in a market; a market without one converts its dollar price. */
export const marketPrices = pgTable(
  'market_prices',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    market: text('market')
      .notNull()
      .references(() => markets.code, { onDelete: 'cascade' }),
    priceMinor: integer('price_minor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.productId, t.market] })],
);

/** Each priced line of a checkout priced in a market, written once with it. */
export const checkoutLines = pgTable(
  'checkout_lines',
  {
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LineKind>().notNull(),
    taxKind: text('tax_kind').$type<TaxKind>().notNull(),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    unitMinor: integer('unit_minor').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    taxMinor: integer('tax_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.position] })],
);
