-- Markets (issue 46): where the store sells, in which currency, whether shelf prices include tax,
-- the tax rates by region and by kind of line, the fees and services a shop charges, and how a
-- product's US-dollar price converts when the market has no price of its own. Owner:
-- server/src/markets/marketTable.ts. Rates are percentages (7.25 is 7.25 %); money is whole
-- minor units of the market's currency.
CREATE TABLE IF NOT EXISTS "markets" (
  "code" text PRIMARY KEY,
  "name" text NOT NULL,
  "currency" text NOT NULL,
  "locale" text NOT NULL,
  "countries" text[] NOT NULL,
  "tax_included" boolean NOT NULL,
  "region_required" boolean NOT NULL,
  "tax_rates" jsonb NOT NULL,
  "fees" jsonb NOT NULL,
  "conversion" jsonb NOT NULL,
  "position" integer NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "markets_code_form" CHECK ("code" ~ '^[A-Z]{2}$'),
  CONSTRAINT "markets_currency_form" CHECK ("currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "market_prices" (
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "market" text NOT NULL REFERENCES "markets"("code") ON DELETE CASCADE,
  "price_minor" integer NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("product_id", "market"),
  CONSTRAINT "market_prices_not_negative" CHECK ("price_minor" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_prices_market_idx" ON "market_prices" ("market");
--> statement-breakpoint
-- A checkout priced in a market: its currency, where tax was worked out, and its tax.
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "market" text REFERENCES "markets"("code");
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "country" text;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "region" text;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "tax_included" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "tax_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "tax_provider" text;
--> statement-breakpoint
-- An order priced in a market: its unit price is in the market's currency, and `charges_minor`
-- is what its checkout's services, fees, delivery and added tax put on it, so its total (and what
-- can be refunded of it) is price × quantity + charges.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "charges_minor" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charges_not_negative" CHECK ("charges_minor" >= 0);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_refund_within_total";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_total"
  CHECK ("refunded_cents" between 0 and "price_cents"::bigint * "quantity" + "charges_minor");
--> statement-breakpoint
-- Each priced line of a checkout: the goods, the services and fees, delivery, with the tax rate
-- applied and the tax of the line. Written once, with the checkout; never changed.
CREATE TABLE IF NOT EXISTS "checkout_lines" (
  "checkout_id" uuid NOT NULL REFERENCES "checkouts"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "order_id" uuid REFERENCES "orders"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "tax_kind" text NOT NULL,
  "label" text NOT NULL,
  "quantity" integer NOT NULL,
  "unit_minor" integer NOT NULL,
  "amount_minor" integer NOT NULL,
  "tax_rate" numeric(6, 3) NOT NULL,
  "tax_minor" integer NOT NULL,
  PRIMARY KEY ("checkout_id", "position"),
  CONSTRAINT "checkout_lines_kind_known"
    CHECK ("kind" in ('goods', 'fitting', 'valves', 'disposal', 'tyreFee', 'delivery')),
  CONSTRAINT "checkout_lines_tax_kind_known"
    CHECK ("tax_kind" in ('tyres', 'parts', 'services', 'fees', 'delivery')),
  CONSTRAINT "checkout_lines_amounts" CHECK ("quantity" > 0 AND "amount_minor" >= 0 AND "tax_minor" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checkout_lines_order_idx" ON "checkout_lines" ("order_id");
