-- Fitting at the shop (issue 29). The week's fitting places are the shop's to change: one row
-- per weekday (0 Sunday … 6 Saturday, as JavaScript's getDay), 0 places on a day it does not
-- fit. A checkout is one payment for several orders; it names the day its tyres are fitted, or
-- none for delivery, and each of its orders names it. A day's booked places are the checkouts
-- for it whose orders still hold stock or are paid, so a hold that runs out frees its place.
CREATE TABLE IF NOT EXISTS "fitting_weekdays" (
  "weekday" integer PRIMARY KEY NOT NULL,
  "places" integer NOT NULL,
  CONSTRAINT "fitting_weekdays_weekday_known" CHECK ("weekday" BETWEEN 0 AND 6),
  CONSTRAINT "fitting_weekdays_places_not_negative" CHECK ("places" >= 0)
);
--> statement-breakpoint
INSERT INTO "fitting_weekdays" ("weekday", "places") VALUES
  (0, 0), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (6, 4)
ON CONFLICT ("weekday") DO NOTHING;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "checkouts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "fitting_date" date,
  "total_cents" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "checkouts_total_not_negative" CHECK ("total_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checkouts_fitting_date_idx" ON "checkouts" ("fitting_date") WHERE "fitting_date" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checkouts_user_id_idx" ON "checkouts" ("user_id", "created_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "checkout_id" uuid REFERENCES "checkouts"("id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_checkout_id_idx" ON "orders" ("checkout_id") WHERE "checkout_id" IS NOT NULL;
