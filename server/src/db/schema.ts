import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  HISTORY_ACTIONS,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
  TYRE_SEASONS,
} from '../../../contract/catalogTerms';
import type { FactorySize } from '../../../contract/carFitment';
import { FUEL_CLASSES, NOISE_CLASSES, WET_GRIP_CLASSES } from '../../../contract/euLabel';
import { STAFF_ROLES } from '../../../contract/staff';
import { ORDER_EVENT_ACTIONS, ORDER_STATUSES } from '../../../contract/orderLifecycle';

/** Statuses an order row stores: `expired` is read from an unpaid row whose hold ran out. */
const STORED_ORDER_STATUSES = ORDER_STATUSES.filter((status) => status !== 'expired');

/** Raw bytes (PostgreSQL bytea); node-postgres hands back a Buffer (a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Tyre models (issue 51; owner `models/modelTable.ts`): a brand and pattern whose sizes are the
 * products (`products.model_id`, its variants). A wheel, a part, or a tyre whose name gives no
 * model is a model of its own. `key` is what groups variants (models/modelKey.ts).
 */
export const tyreModels = pgTable(
  'tyre_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    brand: text('brand').notNull(),
    pattern: text('pattern').notNull(),
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull(),
    season: text('season', { enum: TYRE_SEASONS }),
    description: text('description').notNull(),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tyre_models_key_key').on(t.key)],
);

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
    /**
     * Units unpaid orders hold (taken out of `availableQuantity`, neither paid nor given back),
     * kept with every hold that starts or ends, so no order sums a product's open orders.
     */
    heldQuantity: integer('held_quantity').notNull().default(0),
    img: text('img').notNull(),
    createdAt: createdAt(),
    /** What the shop filters on (contract/catalogTerms.ts); the size and season of tyres only. */
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull().default('part'),
    /** Tyre size: width in mm, aspect in %, rim in inches (17.5 for some vans). */
    width: integer('width'),
    aspect: integer('aspect'),
    rim: numeric('rim', { precision: 3, scale: 1, mode: 'number' }),
    season: text('season', { enum: TYRE_SEASONS }),
    loadIndex: integer('load_index'),
    speedRating: text('speed_rating'),
    /**
     * The EU tyre label (contract/euLabel.ts; migration 0021): whole or all null (no label),
     * tyres only. Columns, not a jsonb: the shop filters on them.
     */
    labelFuel: text('label_fuel', { enum: FUEL_CLASSES }),
    labelWetGrip: text('label_wet_grip', { enum: WET_GRIP_CLASSES }),
    labelNoiseDb: integer('label_noise_db'),
    labelNoiseClass: text('label_noise_class', { enum: NOISE_CLASSES }),
    labelSnow: boolean('label_snow'),
    labelIce: boolean('label_ice'),
    labelEprel: text('label_eprel'),
    /** The sidewall's marks (issue 50; contract/tyreMarks.ts): all none on wheels and parts. */
    oeMark: text('oe_mark'),
    runFlat: boolean('run_flat').notNull().default(false),
    reinforced: boolean('reinforced').notNull().default(false),
    threePeak: boolean('three_peak').notNull().default(false),
    mudSnow: boolean('mud_snow').notNull().default(false),
    /**
     * The words of name and description as the search compares them (catalog/searchWords.ts),
     * space-separated with a space at each end: what a search reads when the API's in-memory
     * index cannot be trusted. Written with the name and description, never on its own.
     */
    searchWords: text('search_words').notNull().default(''),
    /** Unique; P000123 unless an admin or a price list gave one (see migration 0009). */
    sku: text('sku')
      .notNull()
      .default(sql`('P' || lpad(nextval('product_sku_seq')::text, 6, '0'))`),
    /** Retired products leave the shop; nothing is deleted (orders name their products). */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    /** Up by one with every admin change of the fields or status; edits name the one they saw. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The model this product is a size of (issue 51): null only until the models migration. */
    modelId: uuid('model_id').references(() => tyreModels.id),
  },
  (t) => [
    index('products_model_idx').on(t.modelId),
    check('products_price_not_negative', sql`${t.priceCents} >= 0`),
    check('products_order_quantity_not_negative', sql`${t.orderQuantity} >= 0`),
    check('products_held_not_negative', sql`${t.heldQuantity} >= 0`),
    check('products_stock_not_negative', sql`${t.availableQuantity} >= 0`),
    check('products_category_known', sql`${t.category} in ('tyre', 'wheel', 'part')`),
    check('products_season_known', sql`${t.season} in ('summer', 'winter', 'all-season')`),
    index('products_created_at_idx').on(t.createdAt, t.id),
    index('products_size_idx').on(t.width, t.aspect, t.rim),
    index('products_category_idx').on(t.category),
    index('products_season_idx').on(t.season),
    index('products_price_idx').on(t.priceCents),
    uniqueIndex('products_sku_key').on(t.sku),
    check('products_status_known', sql`${t.status} in ('active', 'retired')`),
    check(
      'products_label_whole',
      sql`num_nonnulls(${t.labelFuel}, ${t.labelWetGrip}, ${t.labelNoiseDb}, ${t.labelNoiseClass}, ${t.labelSnow}, ${t.labelIce}) in (0, 6) and (${t.labelEprel} is null or ${t.labelFuel} is not null)`,
    ),
    check('products_label_tyres_only', sql`${t.labelFuel} is null or ${t.category} = 'tyre'`),
    check(
      'products_label_known',
      sql`${t.labelFuel} in ('A', 'B', 'C', 'D', 'E') and ${t.labelWetGrip} in ('A', 'B', 'C', 'D', 'E') and ${t.labelNoiseClass} in ('A', 'B', 'C') and ${t.labelNoiseDb} between 50 and 90`,
    ),
    index('products_label_fuel_idx').on(t.labelFuel),
    index('products_label_wet_grip_idx').on(t.labelWetGrip),
    index('products_label_noise_db_idx').on(t.labelNoiseDb),
    index('products_label_snow_idx')
      .on(t.labelSnow)
      .where(sql`${t.labelSnow}`),
    index('products_oe_mark_idx')
      .on(t.oeMark)
      .where(sql`${t.oeMark} is not null`),
  ],
);

/**
 * A tyre model's pictures (issue 51; owner `models/modelPictureTable.ts`), in gallery order
 * (`position`, from 0), each with its alt text; `productId` when it shows one size only.
 */
export const modelPictures = pgTable(
  'model_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => tyreModels.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id),
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    /**
     * The address on another host the CSV named, when the picture was fetched from there
     * (catalog/pictureColumn.ts): the same address in a later file is this picture again.
     */
    sourceUrl: text('source_url'),
  },
  (t) => [
    index('model_pictures_model_idx').on(t.modelId, t.position),
    index('model_pictures_source_idx').on(t.sourceUrl),
  ],
);

/**
 * Every admin write to a product (owner: catalog/productHistory.ts): who, when, and the fields
 * before and after, as the product JSON names them. Never updated or deleted.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    userId: uuid('user_id').references(() => users.id),
    /** The admin's email when they made the change (an account's email may change later). */
    actorEmail: text('actor_email'),
    action: text('action', { enum: HISTORY_ACTIONS }).notNull(),
    before: jsonb('before').notNull().default({}),
    after: jsonb('after').notNull().default({}),
    /** A stock change: units in (positive) or out, and the admin's reason. */
    delta: integer('delta'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_changes_product_idx').on(t.productId, t.createdAt),
    check(
      'product_changes_action_known',
      sql`${t.action} in ('create', 'edit', 'stock', 'retire', 'restore', 'import')`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case; one active user per email, older accounts keep theirs. */
    email: text('email').notNull(),
    /** The email of guest checkouts (issue 47), owning their orders; never signs in. */
    guest: boolean('guest').notNull().default(false),
    /** Who the user is: a Firebase account. A new uid is a new user, whatever its email. */
    firebaseUid: text('firebase_uid').notNull(),
    /** As Firebase said at the last sign-in; only verified emails can be admins. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** In every app token; bumped by Sign out everywhere, which ends every token issued before. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The last Sign out everywhere: sign-ins from before it are not exchanged again. */
    signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
    /** The Firebase account was deleted, or its email went to a new account. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_firebase_uid_key').on(t.firebaseUid),
    uniqueIndex('users_active_email_key')
      .on(t.email)
      .where(sql`${t.deletedAt} is null and not ${t.guest}`),
    uniqueIndex('users_guest_email_key')
      .on(t.email)
      .where(sql`${t.guest}`),
  ],
);

/** A person of the staff (migration 0031): their refund limit, and their roles below. */
export const staffMembers = pgTable('staff_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** What the refunds role may give back in any 24 hours, in cents. */
  refundLimitCents: integer('refund_limit_cents').notNull().default(0),
});

export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => staffMembers.userId, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The fitting role runs every centre, or only its staff_role_centres (migration 0038). */
    everyCentre: boolean('every_centre').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** The centres a fitting role is scoped to, when it does not run every centre. */
export const staffRoleCentres = pgTable(
  'staff_role_centres',
  {
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    centreId: uuid('centre_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role, t.centreId] })],
);

/** One staff action (migration 0032): never changed or removed (the triggers refuse it). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    address: text('address'),
    call: text('call').notNull(),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details'),
  },
  (t) => [index('audit_events_at_idx').on(t.at, t.id)],
);

/**
 * A signed-in device: one Firebase sign-in (its `auth_time`), traded for app tokens that name
 * it. LogOut ends the caller's session; "Sign out everywhere" ends every one of the user's.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the person signed in on that device (Firebase's `auth_time`, to the second). */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** LogOut on that device, or Sign out everywhere: its app tokens stop working. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_sign_in_idx').on(t.userId, t.signedInAt)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    department: text('department').notNull(),
    address: text('address').notNull(),
    instituteName: text('institute_name').notNull(),
    linkedin: text('linkedin').notNull(),
    image: text('image').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profiles_user_id_key').on(t.userId)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** The buyer's account; null only for orders older than accounts keyed by uid. */
    userId: uuid('user_id').references(() => users.id),
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
    /** Until when an unpaid order holds its stock (null for orders paid before holds existed). */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** The hold ran out and its stock went back on sale. */
    holdReleased: boolean('hold_released').notNull().default(false),
    /** The checkout that placed it with others (issue 29); null for an order of its own. */
    checkoutId: uuid('checkout_id').references(() => checkouts.id),
    /** The day it is fitted at the shop (its checkout's); null for delivery to the address. */
    fittingDate: date('fitting_date', { mode: 'string' }),
    /** Where it is in its life (issue 30, contract/orderLifecycle.ts). */
    status: text('status', { enum: STORED_ORDER_STATUSES as ['unpaid', ...string[]] })
      .notNull()
      .default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The currency of its price and charges (its checkout's market; USD for the spec's). */
    currency: text('currency').notNull().default('USD'),
    /** Services, fees, delivery and added tax its checkout put on it (markets/checkoutPricing). */
    chargesMinor: integer('charges_minor').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'orders_status_known',
      sql`${t.status} in ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned')`,
    ),
    check(
      'orders_refund_within_total',
      sql`${t.refundedCents} between 0 and ${t.priceCents}::bigint * ${t.quantity} + ${t.chargesMinor}`,
    ),
    index('orders_status_idx').on(t.status, t.paidAt),
    index('orders_fitting_date_idx')
      .on(t.fittingDate)
      .where(sql`${t.fittingDate} is not null`),
    // A product's holds that ran out but are not swept yet (the share rule leaves them out).
    index('orders_product_open_holds_idx')
      .on(t.productId, t.holdUntil)
      .where(sql`not ${t.paid} and not ${t.holdReleased}`),
    // An account's units in holds that still run.
    index('orders_user_open_holds_idx')
      .on(t.userId, t.holdUntil)
      .where(sql`not ${t.paid} and not ${t.holdReleased}`),
    check('orders_price_not_negative', sql`${t.priceCents} >= 0`),
    check('orders_paid_has_transaction', sql`not ${t.paid} or ${t.transactionId} is not null`),
    index('orders_email_idx').on(t.email, t.createdAt),
    index('orders_open_holds_idx')
      .on(t.holdUntil)
      .where(sql`not ${t.paid} and not ${t.holdReleased}`),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    index('orders_checkout_id_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
  ],
);

/**
 * One payment for several orders (issue 29): each of its orders names it. `fittingDate` is the
 * day its tyres are fitted at the shop; null for delivery.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fittingDate: date('fitting_date', { mode: 'string' }),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Priced in a market (issue 46): its lines are in `checkout_lines`; null for the spec's. */
    market: text('market'),
    currency: text('currency').notNull().default('USD'),
    country: text('country'),
    region: text('region'),
    taxIncluded: boolean('tax_included').notNull().default(false),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    taxProvider: text('tax_provider'),
    createdAt: createdAt(),
  },
  (t) => [
    check('checkouts_total_not_negative', sql`${t.totalCents} >= 0`),
    index('checkouts_fitting_date_idx')
      .on(t.fittingDate)
      .where(sql`${t.fittingDate} is not null`),
    index('checkouts_user_id_idx').on(t.userId, t.createdAt),
  ],
);

/** The week's fitting places, one row per weekday (0 Sunday … 6 Saturday); 0 when closed. */
export const fittingWeekdays = pgTable(
  'fitting_weekdays',
  {
    weekday: integer('weekday').primaryKey(),
    places: integer('places').notNull(),
  },
  (t) => [
    check('fitting_weekdays_weekday_known', sql`${t.weekday} between 0 and 6`),
    check('fitting_weekdays_places_not_negative', sql`${t.places} >= 0`),
  ],
);

/**
 * The bag (issue 29): one line per account and product. `priceCentsAdded` is the price when the
 * shopper last set the line, so the bag can say that a price changed since.
 */
export const bagItems = pgTable(
  'bag_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    priceCentsAdded: integer('price_cents_added').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('bag_items_quantity_positive', sql`${t.quantity} > 0`),
    index('bag_items_product_id_idx').on(t.productId),
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
    /** The account that wrote it (the posting limit counts these); empty for the seeded ones. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hidden by an admin: shown to nobody but admins. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /** The tyre (a size of a model) reviewed; empty for a review of the store. */
    productId: uuid('product_id').references(() => products.id),
    /** The reviewer's car, when given: make, model and year together. */
    carMake: text('car_make'),
    carModel: text('car_model'),
    carYear: integer('car_year'),
    /** How far the tyres were driven, in whole km (shown in the shopper's unit), when given. */
    distanceKm: integer('distance_km'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`),
    check(
      'reviews_car_whole',
      sql`(${t.carMake} is null) = (${t.carModel} is null) and (${t.carMake} is null) = (${t.carYear} is null)`,
    ),
    check('reviews_distance_positive', sql`${t.distanceKm} > 0`),
    index('reviews_product_newest_idx')
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null and ${t.productId} is not null`),
    index('reviews_shown_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('reviews_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** PaymentIntent-shaped records: the local provider's own intents, and Stripe's mirrored. */
/** An order's history: each transition, who made it, and the money it moved (issue 30). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The clock, not the transaction's start: events of one transaction keep their order.
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    action: text('action', {
      enum: ORDER_EVENT_ACTIONS as unknown as ['placed', ...string[]],
    }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** shopper, admin, or store (the payment provider, a webhook). */
    actorRole: text('actor_role', { enum: ['shopper', 'admin', 'store'] }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    note: text('note'),
    amountCents: integer('amount_cents'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Money given back (issue 30): a row is written `pending` with the transition that refunds, before
 * the provider is asked (so the amount is spoken for), and becomes `succeeded` with the
 * provider's refund id once the provider or its webhook says so, or `failed` when it refused, or
 * when the provider reports later that the refund failed or was cancelled (migration 0023). Failed
 * is final: a failed refund never counts again.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The PaymentIntent it gives money back from. */
    intentId: text('intent_id').notNull(),
    /** The provider's refund id (`re_...`) once it made it: a refund is counted once. */
    refundId: text('refund_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    /**
     * An admin's refund on its own: why, and who asked. Its history event (and email) is written
     * when it is settled, once the money moved; a cancel's or a return's refund has neither, its
     * transition's event says it.
     */
    reason: text('reason'),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Why it failed, in the provider's words: Stripe's `failure_reason` (`expired_or_canceled_card`,
     * ...), `canceled`, or the message of its refusal. The history says it in plain words.
     */
    failureReason: text('failure_reason'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * When the provider was last asked about it while it stayed pending (the sweep of refunds
     * pending too long, `refunds/refundSweeper.ts`): it is asked again a period later.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_refund_id_key').on(t.refundId),
    index('refunds_order_idx').on(t.orderId, t.status),
    index('refunds_settled_at_idx').on(t.settledAt),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What it pays: one order, or every order of one checkout (exactly one of the two). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'cascade' }),
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
    index('payments_checkout_id_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_for_one_thing', sql`num_nonnulls(${t.orderId}, ${t.checkoutId}) = 1`),
  ],
);

/** Uploaded pictures (reviews, profiles, products): who uploaded them and how much they take. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentType: text('content_type').notNull(),
    /** Only pictures uploaded before re-encoding existed; new ones live in image_variants. */
    bytes: bytea('bytes'),
    /** Bytes stored (all sizes), counted against the uploader's quota. */
    size: integer('size').notNull(),
    uploaderEmail: text('uploader_email'),
    /** Where the picture lives when it went on to imgbb. */
    externalUrl: text('external_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('images_uploader_idx').on(t.uploaderEmail),
    index('images_external_url_idx').on(t.externalUrl),
  ],
);

/** Each size a picture is shown at (see IMAGE_SIZES), made once at upload. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.size] })],
);

/**
 * Answers of create calls sent with an Idempotency-Key (owner: http/idempotency.ts): a repeat
 * of one form submission gets the first answer instead of a second record.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's user id. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** The call it was used for (`POST /order`): the same key on another call is refused. */
    scope: text('scope').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.owner, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/** The data migrations (db/dataMigrations.ts) that ran, by name: each runs once per database. */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox of the store's emails (issue 31; owner `emails/emailTable.ts`): written in the
 * transaction of the change it tells about, sent by the email worker. `data` is what the email
 * says, taken at that moment; subject, html, text and message id are set when it is first
 * rendered, so every retry sends the same message.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The order's buyer, or the store's admins (ADMIN_EMAILS or SHOP_EMAIL, at send time). */
    audience: text('audience', { enum: ['shopper', 'admins'] }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** The buyer's verified account email; the admins' addresses once sent. */
    recipient: text('recipient'),
    data: jsonb('data').notNull(),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP server's answer (or the connection's error) at the last failed attempt. */
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('emails_status_known', sql`${t.status} in ('queued', 'sent', 'failed')`),
    check('emails_audience_known', sql`${t.audience} in ('shopper', 'admins')`),
    uniqueIndex('emails_message_id_key').on(t.messageId),
    index('emails_order_idx').on(t.orderId),
    index('emails_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The email workers alive (owner `emails/emailWorker.ts`): a graphile-worker worker id and when
 * its process last said it runs. A job locked by a worker not seen lately is released.
 */
export const emailWorkers = pgTable('email_workers', {
  workerId: text('worker_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cars and the tyre sizes their makers fitted (issue 33; owner: vehicles/vehicleTable.ts): one
 * row a version, known by make, model, generation, engine and first year.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    generation: text('generation').notNull().default(''),
    engine: text('engine').notNull(),
    yearFrom: integer('year_from').notNull(),
    /** Null while the version is still made. */
    yearTo: integer('year_to'),
    frontWidth: integer('front_width').notNull(),
    frontAspect: integer('front_aspect').notNull(),
    frontRim: numeric('front_rim', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    rearWidth: integer('rear_width').notNull(),
    rearAspect: integer('rear_aspect').notNull(),
    rearRim: numeric('rear_rim', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    /** What a tyre on each axle must carry and run at least (issue 50); null: not known. */
    frontLoadIndex: integer('front_load_index'),
    frontSpeedRating: text('front_speed_rating'),
    rearLoadIndex: integer('rear_load_index'),
    rearSpeedRating: text('rear_speed_rating'),
    /** Other factory size pairs (winter wheels): `FactorySize[]` of contract/carFitment.ts. */
    factorySizes: jsonb('factory_sizes').$type<FactorySize[]>().notNull().default([]),
    runFlat: boolean('run_flat').notNull().default(false),
    tpms: boolean('tpms').notNull().default(false),
    fourWheelDrive: boolean('four_wheel_drive').notNull().default(false),
    oeMarks: text('oe_marks').array().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vehicles_years_in_order', sql`${t.yearTo} IS NULL OR ${t.yearTo} >= ${t.yearFrom}`),
    uniqueIndex('vehicles_version_key').on(t.make, t.model, t.generation, t.engine, t.yearFrom),
  ],
);

/** Words a search takes for one another, by group (migration 0025; catalog/searchSynonyms.ts). */
export const searchSynonyms = pgTable('search_synonyms', {
  word: text('word').primaryKey(),
  groupNo: integer('group_no').notNull(),
});

/** A guest's checkout (issue 47): the email typed and the browser it came from. */
export const guestCheckouts = pgTable(
  'guest_checkouts',
  {
    checkoutId: uuid('checkout_id')
      .primaryKey()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    browser: text('browser').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('guest_checkouts_email_idx').on(t.email, t.createdAt),
    index('guest_checkouts_browser_idx').on(t.browser, t.createdAt),
  ],
);

/** A link that opens a guest checkout without signing in: only its key's SHA-256 is kept. */
export const guestLinks = pgTable(
  'guest_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guest_links_key_hash_key').on(t.keyHash),
    index('guest_links_checkout_idx').on(t.checkoutId),
  ],
);
