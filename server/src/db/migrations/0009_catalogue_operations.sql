-- Running the catalogue (issue 17): every product gets a unique SKU (the key of the CSV import),
-- a status (retired products leave the shop but stay for the orders that name them), and a
-- version that goes up with every admin change of its fields or status, so a stale edit is
-- refused instead of overwriting another admin's. Every admin write is kept in product_changes.
CREATE SEQUENCE "product_sku_seq";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;
--> statement-breakpoint
-- The products stored before get SKUs in the order they were added: P000001, P000002, ...
UPDATE "products" p SET "sku" = 'P' || lpad(n.seq::text, 6, '0')
  FROM (SELECT "id", nextval('product_sku_seq') AS seq
        FROM (SELECT "id" FROM "products" ORDER BY "created_at", "id") ordered) n
  WHERE p."id" = n."id";
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET DEFAULT ('P' || lpad(nextval('product_sku_seq')::text, 6, '0'));
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('active', 'retired'));
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE TABLE "product_changes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id"),
  "user_id" uuid REFERENCES "users"("id"),
  "actor_email" text,
  "action" text NOT NULL,
  "before" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "after" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "delta" integer,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_changes_action_known" CHECK ("action" in ('create', 'edit', 'stock', 'retire', 'restore', 'import'))
);
--> statement-breakpoint
CREATE INDEX "product_changes_product_idx" ON "product_changes" USING btree ("product_id", "created_at");
-- place_order: its definition lives in server/src/db/functions/place_order.sql, applied after the migrations.
