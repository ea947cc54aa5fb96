-- What the shop searches and filters on (issue 16). The values of the products stored before
-- come from their names, by the data migration `product-attributes-from-names`
-- (db/dataMigrations.ts): the size parser is TypeScript, tested once, not repeated in SQL.
ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'part' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "aspect" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rim" numeric(3, 1);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "season" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "load_index" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "speed_rating" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_known" CHECK ("products"."category" in ('tyre', 'wheel', 'part'));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_season_known" CHECK ("products"."season" in ('summer', 'winter', 'all-season'));
--> statement-breakpoint
CREATE INDEX "products_size_idx" ON "products" USING btree ("width", "aspect", "rim");
--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");
--> statement-breakpoint
CREATE INDEX "products_season_idx" ON "products" USING btree ("season");
--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents");
--> statement-breakpoint
CREATE TABLE "data_migrations" (
  "name" text PRIMARY KEY NOT NULL,
  "applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
