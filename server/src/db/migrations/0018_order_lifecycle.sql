-- The order's life after payment (issue 30): a status beside `paid` (expired is read from an
-- unpaid row whose hold ran out, never stored), the money refunded so far, the parcel, the
-- history of every transition and the provider's refunds. Orders paid before now were shipped
-- outside the store: those paid in the last 7 days start as `paid` (the admins' queue to ship),
-- older ones as `delivered` on the day they were paid (so a year-old order cannot be cancelled
-- for a full refund). When they were paid: when their payment last changed, or when placed.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "status" text DEFAULT 'unpaid' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "refunded_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "carrier" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tracking_number" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tracking_url" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "shipped_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "delivered_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "orders" o SET "status" = 'paid', "paid_at" = coalesce(
  (SELECT max(p."updated_at") FROM "payments" p
    WHERE p."status" = 'succeeded' AND p."intent_id" = o."transaction_id"),
  o."created_at")
WHERE o."paid" AND o."status" = 'unpaid';
--> statement-breakpoint
UPDATE "orders" SET "status" = 'delivered', "delivered_at" = "paid_at"
WHERE "status" = 'paid' AND "paid_at" < now() - interval '7 days';
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("status" IN
  ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_total"
  CHECK ("refunded_cents" BETWEEN 0 AND "price_cents"::bigint * "quantity");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_idx" ON "orders" ("status", "paid_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_fitting_date_idx" ON "orders" ("fitting_date") WHERE "fitting_date" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_product_open_holds_idx" ON "orders" ("product_id")
  WHERE NOT "paid" AND NOT "hold_released";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "order_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
  "action" text NOT NULL,
  "from_status" text,
  "to_status" text NOT NULL,
  "actor_role" text NOT NULL,
  "actor_user_id" uuid REFERENCES "users"("id"),
  "note" text,
  "amount_cents" integer
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_events_order_idx" ON "order_events" ("order_id", "at");
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "action", "from_status", "to_status", "actor_role", "amount_cents")
SELECT "id", "paid_at", 'pay', 'unpaid', 'paid', 'shopper', "price_cents" * "quantity"
FROM "orders" WHERE "paid";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "action", "from_status", "to_status", "actor_role", "note")
SELECT "id", "delivered_at", 'deliver', 'paid', 'delivered', 'store', 'Sent before the store tracked shipments'
FROM "orders" WHERE "status" = 'delivered';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "refunds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "intent_id" text NOT NULL,
  "refund_id" text,
  "amount_cents" integer NOT NULL,
  "status" text NOT NULL,
  "reason" text,
  "requested_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "refunds_amount_positive" CHECK ("amount_cents" > 0),
  CONSTRAINT "refunds_status_known" CHECK ("status" IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "refunds_refund_id_key" ON "refunds" ("refund_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_order_idx" ON "refunds" ("order_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_settled_at_idx" ON "refunds" ("settled_at");
