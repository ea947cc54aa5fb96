-- The sidewall's marks on products (issue 50; contract/tyreMarks.ts): the car maker's OE
-- approval (★, MO, AO, N0 …), run-flat, XL (reinforced), 3PMSF and M+S. Read from the name
-- unless the price list says otherwise; the data migration `tyre-marks-from-names` reads them
-- for the products stored before. Owner: catalog/productTable.ts.
ALTER TABLE "products" ADD COLUMN "oe_mark" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "run_flat" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reinforced" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "three_peak" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mud_snow" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_oe_mark_idx" ON "products" USING btree ("oe_mark") WHERE "products"."oe_mark" is not null;
