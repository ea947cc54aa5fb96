-- Stock holds (issue 27): place_order as in 0009, with two more rules, both in the same call.
-- 1. An account whose email is not verified holds no stock (accounts are free; a verified email
--    is not): the users row says so, as the last token exchange read it from the identity
--    provider (orderStore.ts asks the provider again before refusing).
-- 2. Unpaid orders of one product hold at most p_held_share_percent of its stock (available
--    plus held), rounded down, and never less than p_held_floor_units, so that no group of
--    accounts can hold more than that share. The product row is locked first: orders of one
--    product take turns, and the reserving UPDATE (a fresh snapshot, as every statement of a
--    volatile PL/pgSQL function) counts every hold committed before the lock was granted, so
--    concurrent orders can never exceed the share.
-- Held units: unpaid, not released orders whose hold still runs count against the share; an
-- expired hold not swept yet still counts in the stock (its units are out of available_quantity).
DROP FUNCTION IF EXISTS place_order(uuid, uuid, text, text, text, text, integer, integer, integer, bigint);
--> statement-breakpoint
CREATE FUNCTION place_order(
  p_product_id uuid,
  p_user_id uuid,
  p_email text,
  p_name text,
  p_address text,
  p_number text,
  p_quantity integer,
  p_hold_seconds integer,
  p_max_held_units integer,
  p_max_total_cents bigint,
  p_held_share_percent integer,
  p_held_floor_units integer
) RETURNS SETOF orders AS $$
DECLARE
  placed orders%ROWTYPE;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user_id AND email_verified) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7351002, hashtext(p_user_id::text));
  PERFORM 1 FROM products WHERE id = p_product_id FOR UPDATE;
  WITH held AS (
    SELECT coalesce(sum(quantity), 0)::int AS units FROM orders
    WHERE user_id = p_user_id AND NOT paid AND NOT hold_released AND hold_until > now()
  ),
  product_held AS (
    SELECT coalesce(sum(quantity) FILTER (WHERE hold_until > now()), 0)::bigint AS live,
      coalesce(sum(quantity), 0)::bigint AS taken
    FROM orders
    WHERE product_id = p_product_id AND NOT paid AND NOT hold_released
  ),
  reserved AS (
    UPDATE products
    SET available_quantity = available_quantity - p_quantity
    WHERE id = p_product_id AND status = 'active'
      AND available_quantity - order_quantity >= p_quantity
      AND price_cents::bigint * p_quantity <= p_max_total_cents
      AND (SELECT units FROM held) + p_quantity <= p_max_held_units
      AND (SELECT live FROM product_held) + p_quantity <= greatest(
        (available_quantity + (SELECT taken FROM product_held)) * p_held_share_percent / 100,
        p_held_floor_units)
    RETURNING id, name, price_cents
  )
  INSERT INTO orders
    (product_id, product_name, price_cents, name, user_id, email, address, number, quantity,
      hold_until)
  SELECT id, name, price_cents, p_name, p_user_id, p_email, p_address, p_number, p_quantity,
    now() + make_interval(secs => p_hold_seconds)
  FROM reserved
  RETURNING * INTO placed;
  IF FOUND THEN
    RETURN NEXT placed;
  END IF;
END;
$$ LANGUAGE plpgsql VOLATILE;
