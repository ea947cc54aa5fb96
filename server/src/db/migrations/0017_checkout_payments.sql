-- Checkout of the bag (issue 29). An order remembers how it reaches the shopper: the day it is
-- fitted at the shop (its checkout's day), or null for delivery to its address. A payment is for
-- one order (the spec's payment page) or for one checkout (every order of a bag, one card
-- payment for the total), never both.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "fitting_date" date;
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "checkout_id" uuid REFERENCES "checkouts"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_for_one_thing" CHECK (num_nonnulls("order_id", "checkout_id") = 1);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_checkout_id_idx" ON "payments" ("checkout_id") WHERE "checkout_id" IS NOT NULL;
