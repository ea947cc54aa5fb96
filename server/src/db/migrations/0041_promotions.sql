-- Promotions and discount codes (issue 49). Owner: server/src/promotions/. A promotion gives
-- (kind) something off the lines it targets, in its window, to its audience, within its limits;
-- a promotion with a code applies only when the code is typed. Money is whole minor units of its
-- market's currency (a promotion naming an amount names its market).
CREATE TABLE IF NOT EXISTS "promotions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "name" text NOT NULL,
  "badge" text,
  "kind" text NOT NULL,
  "percent" numeric(5, 2),
  "amount_minor" integer,
  "buy" integer,
  "pay" integer,
  "target" text NOT NULL,
  "target_values" text[] DEFAULT '{}' NOT NULL,
  "market" text REFERENCES "markets"("code"),
  "minimum_minor" integer,
  "time_zone" text NOT NULL,
  "starts_local" text NOT NULL,
  "ends_local" text,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone,
  "audience" text NOT NULL,
  "max_uses" integer,
  "per_customer" integer,
  "priority" integer DEFAULT 0 NOT NULL,
  "exclusive" boolean DEFAULT false NOT NULL,
  "code" text,
  "ended_at" timestamp with time zone,
  "created_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotions_kind_known" CHECK ("kind" in
    ('percentOff', 'amountOff', 'buyNPayM', 'freeFitting', 'freeDelivery', 'setPrice')),
  CONSTRAINT "promotions_target_known" CHECK ("target" in
    ('all', 'category', 'brand', 'season', 'products')),
  CONSTRAINT "promotions_audience_known" CHECK ("audience" in
    ('everyone', 'firstOrder', 'signedIn')),
  CONSTRAINT "promotions_window" CHECK ("ends_at" IS NULL OR "ends_at" > "starts_at"),
  CONSTRAINT "promotions_limits" CHECK (("max_uses" IS NULL OR "max_uses" > 0)
    AND ("per_customer" IS NULL OR "per_customer" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "promotions_code_key" ON "promotions" (upper("code"))
  WHERE "code" IS NOT NULL;
--> statement-breakpoint
-- A checkout's use of a promotion: `held` while the checkout is unpaid and holds its stock (a held
-- use whose checkout ended counts for nothing), `used` once it is paid. One row per promotion and
-- checkout, so a use is counted once however often the payment is recorded.
CREATE TABLE IF NOT EXISTS "promotion_uses" (
  "promotion_id" uuid NOT NULL REFERENCES "promotions"("id") ON DELETE CASCADE,
  "checkout_id" uuid NOT NULL REFERENCES "checkouts"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "code" text,
  "currency" text NOT NULL,
  "discount_minor" integer NOT NULL,
  "revenue_minor" bigint NOT NULL,
  "status" text DEFAULT 'held' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "used_at" timestamp with time zone,
  PRIMARY KEY ("promotion_id", "checkout_id"),
  CONSTRAINT "promotion_uses_status_known" CHECK ("status" in ('held', 'used')),
  CONSTRAINT "promotion_uses_discount_positive" CHECK ("discount_minor" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotion_uses_user_idx" ON "promotion_uses" ("user_id", "promotion_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotion_uses_checkout_idx" ON "promotion_uses" ("checkout_id");
--> statement-breakpoint
-- A discount is a priced line of its own, below zero, on the order of the line it was given on.
ALTER TABLE "checkout_lines" DROP CONSTRAINT IF EXISTS "checkout_lines_kind_known";
--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_kind_known"
  CHECK ("kind" in ('goods', 'fitting', 'valves', 'disposal', 'tyreFee', 'delivery', 'discount'));
--> statement-breakpoint
ALTER TABLE "checkout_lines" DROP CONSTRAINT IF EXISTS "checkout_lines_amounts";
--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_amounts" CHECK ("quantity" > 0
  AND "tax_minor" >= 0
  AND (("kind" = 'discount' AND "amount_minor" < 0) OR ("kind" <> 'discount' AND "amount_minor" >= 0)));
--> statement-breakpoint
-- An order's charges go below zero by its discounts; its total never does.
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_charges_not_negative";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_not_negative"
  CHECK ("price_cents"::bigint * "quantity" + "charges_minor" >= 0);
