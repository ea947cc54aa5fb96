import {
  bigint,
  boolean,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  PromotionAudience,
  PromotionKind,
  PromotionTarget,
} from '../../../contract/promotions';
import { checkouts, users } from '../db/schema';
import { markets } from '../markets/marketSchema';

/** The promotions' tables (migration 0041); their owner is this folder. */

export const promotions = pgTable('promotions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  badge: text('badge'),
  kind: text('kind').$type<PromotionKind>().notNull(),
  percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
  amountMinor: integer('amount_minor'),
  buy: integer('buy'),
  pay: integer('pay'),
  target: text('target').$type<PromotionTarget>().notNull(),
  targetValues: text('target_values').array().notNull().default([]),
  market: text('market').references(() => markets.code),
  minimumMinor: integer('minimum_minor'),
  timeZone: text('time_zone').notNull(),
  startsLocal: text('starts_local').notNull(),
  endsLocal: text('ends_local'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  audience: text('audience').$type<PromotionAudience>().notNull(),
  maxUses: integer('max_uses'),
  perCustomer: integer('per_customer'),
  priority: integer('priority').notNull().default(0),
  exclusive: boolean('exclusive').notNull().default(false),
  code: text('code'),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PromotionRow = typeof promotions.$inferSelect;

export const promotionUses = pgTable(
  'promotion_uses',
  {
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code'),
    currency: text('currency').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull(),
    status: text('status').$type<'held' | 'used'>().notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.checkoutId] })],
);
