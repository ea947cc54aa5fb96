-- The bag (issue 29): what a shopper means to buy together, kept per account on the server so
-- every device shows the same bag. A line goes with its account or its product (a product is
-- deleted only when no order names it; a retired one stays, and the bag says so).
CREATE TABLE IF NOT EXISTS "bag_items" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "quantity" integer NOT NULL,
  "price_cents_added" integer NOT NULL,
  "added_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bag_items_user_id_product_id_pk" PRIMARY KEY ("user_id", "product_id"),
  CONSTRAINT "bag_items_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bag_items_product_id_idx" ON "bag_items" ("product_id");
