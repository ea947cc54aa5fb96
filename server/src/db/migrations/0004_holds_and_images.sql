-- An unpaid order holds its stock until `hold_until`; once that passes, a sweep gives the stock
-- back and sets `hold_released`, so deleting the order later gives nothing back twice.
ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_released" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Unpaid orders from before holds existed get a fresh hold of the default length from now.
UPDATE "orders" SET "hold_until" = now() + interval '30 minutes' WHERE NOT "paid";
--> statement-breakpoint
CREATE INDEX "orders_open_holds_idx" ON "orders" ("hold_until") WHERE NOT "paid" AND NOT "hold_released";
--> statement-breakpoint
-- Uploads are decoded and re-encoded into the sizes the store shows, kept in image_variants.
-- `bytes` stays only for pictures uploaded before (re-encoded the first time they are asked
-- for); `external_url` is set when the picture went on to imgbb.
ALTER TABLE "images" ALTER COLUMN "bytes" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "external_url" text;
--> statement-breakpoint
CREATE INDEX "images_uploader_idx" ON "images" ("uploader_email");
--> statement-breakpoint
CREATE TABLE "image_variants" (
  "image_id" uuid NOT NULL REFERENCES "images"("id") ON DELETE CASCADE,
  "size" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "bytes" bytea NOT NULL,
  PRIMARY KEY ("image_id", "size")
);
