import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL bytea); PGlite and node-postgres both hand back a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Money is kept in integer cents; the API speaks dollars as the spec shows them. */
    priceCents: integer('price_cents').notNull(),
    /** The spec's minimum order quantity (its `orderquantity`). */
    orderQuantity: integer('order_quantity').notNull(),
    /** Units in stock (the spec's `availablequantity`); reserved by orders. */
    availableQuantity: integer('available_quantity').notNull(),
    img: text('img').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_price_not_negative', sql`${t.priceCents} >= 0`),
    check('products_order_quantity_not_negative', sql`${t.orderQuantity} >= 0`),
    check('products_stock_not_negative', sql`${t.availableQuantity} >= 0`),
    index('products_created_at_idx').on(t.createdAt, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case. */
    email: text('email').notNull().unique('users_email_key'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    firebaseUid: text('firebase_uid'),
    createdAt: createdAt(),
  },
  (t) => [check('users_role_known', sql`${t.role} in ('user', 'admin')`)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email')
      .notNull()
      .references(() => users.email, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    department: text('department').notNull(),
    address: text('address').notNull(),
    instituteName: text('institute_name').notNull(),
    linkedin: text('linkedin').notNull(),
    image: text('image').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profiles_email_key').on(t.email)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Copied from the product when ordered, so the order keeps what was bought at what price. */
    productName: text('product_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Buyer's name as typed in the order modal. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    /** Phone number. */
    number: text('number').notNull(),
    quantity: integer('quantity').notNull(),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_price_not_negative', sql`${t.priceCents} >= 0`),
    check('orders_paid_has_transaction', sql`not ${t.paid} or ${t.transactionId} is not null`),
    index('orders_email_idx').on(t.email, t.createdAt),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    ratings: integer('ratings').notNull(),
    address: text('address').notNull(),
    img: text('img').notNull(),
    /** Who wrote it; empty for the seeded reviews. */
    authorEmail: text('author_email'),
    createdAt: createdAt(),
  },
  (t) => [check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`)],
);

/** PaymentIntent-shaped records: the local provider's own intents, and Stripe's mirrored. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The provider's PaymentIntent id (`pi_...`), the spec's transactionId once it succeeded. */
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_intent_id_key').on(t.intentId),
    index('payments_order_id_idx').on(t.orderId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Uploaded pictures (reviews, profiles, products) when no external image host is configured. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  uploaderEmail: text('uploader_email'),
  createdAt: createdAt(),
});
