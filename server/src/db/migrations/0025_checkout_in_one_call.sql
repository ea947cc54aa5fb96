-- Checkout at any load (issue 43).
-- 1. Units held by unpaid orders are counted per product: `held_quantity` is the sum of the
--    quantities of the product's orders that are neither paid nor released, kept with every
--    write that starts or ends a hold (placing, the expiry sweep, paying, cancelling, deleting),
--    so no order or checkout sums a product's open orders any more. Holds that ran out but are
--    not swept yet are still in it; the share rule takes them out through an index that holds
--    only open holds by product and end.
-- 2. `place_checkout` places a whole checkout in one call: the bag, the account's held units,
--    the fitting day, every line's stock and share, the checkout, its orders and the emptied bag.
--    Its row locks last one round trip. It refuses by answering why (nothing is written then),
--    and the API words the refusal (checkout/placeCheckout.ts).
-- Locks, in the order every writer takes them: the account's bag (7351003), the account's
-- holds (7351002), the fitting day (7351004), then products in id order.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "held_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "products" p SET "held_quantity" = h.units
FROM (
  SELECT "product_id", sum("quantity")::int AS units FROM "orders"
  WHERE NOT "paid" AND NOT "hold_released" GROUP BY "product_id"
) h
WHERE p."id" = h."product_id";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_held_not_negative" CHECK ("held_quantity" >= 0);
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_product_open_holds_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_product_open_holds_idx" ON "orders" ("product_id", "hold_until")
  WHERE NOT "paid" AND NOT "hold_released";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_user_open_holds_idx" ON "orders" ("user_id", "hold_until")
  WHERE NOT "paid" AND NOT "hold_released";
--> statement-breakpoint
-- notify_catalog_changed: its definition lives in server/src/db/functions/notify_catalog_changed.sql, applied after the migrations.
-- held_but_run_out: its definition lives in server/src/db/functions/held_but_run_out.sql, applied after the migrations.
-- units_held_by: its definition lives in server/src/db/functions/units_held_by.sql, applied after the migrations.
-- place_order: its definition lives in server/src/db/functions/place_order.sql, applied after the migrations.
-- place_checkout: its definition lives in server/src/db/functions/place_checkout.sql, applied after the migrations.
