-- The EU tyre label on products (issue 32; Regulation (EU) 2020/740). Plain columns rather than
-- a jsonb: the shop filters on fuel, wet grip, noise and the snow symbol, and the search's SQL
-- (catalog/productSearchSql.ts) compares them as columns with their own indexes. A label is whole
-- or absent (all null: no label), and only tyres carry one. Owner: catalog/productStore.ts.
ALTER TABLE "products" ADD COLUMN "label_fuel" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "label_wet_grip" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "label_noise_db" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "label_noise_class" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "label_snow" boolean;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "label_ice" boolean;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "label_eprel" text;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_label_whole" CHECK (num_nonnulls("products"."label_fuel", "products"."label_wet_grip", "products"."label_noise_db", "products"."label_noise_class", "products"."label_snow", "products"."label_ice") in (0, 6) and ("products"."label_eprel" is null or "products"."label_fuel" is not null));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_label_tyres_only" CHECK ("products"."label_fuel" is null or "products"."category" = 'tyre');
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_label_known" CHECK ("products"."label_fuel" in ('A', 'B', 'C', 'D', 'E') and "products"."label_wet_grip" in ('A', 'B', 'C', 'D', 'E') and "products"."label_noise_class" in ('A', 'B', 'C') and "products"."label_noise_db" between 50 and 90);
--> statement-breakpoint
CREATE INDEX "products_label_fuel_idx" ON "products" USING btree ("label_fuel");
--> statement-breakpoint
CREATE INDEX "products_label_wet_grip_idx" ON "products" USING btree ("label_wet_grip");
--> statement-breakpoint
CREATE INDEX "products_label_noise_db_idx" ON "products" USING btree ("label_noise_db");
--> statement-breakpoint
CREATE INDEX "products_label_snow_idx" ON "products" USING btree ("label_snow") WHERE "products"."label_snow";
