-- Places an order in one statement, so the embedded database (one session for every connection)
-- is held for one round trip instead of a transaction's four. The advisory lock makes one
-- account's orders take turns; the statement after it runs on a fresh snapshot (each statement of
-- a volatile PL/pgSQL function does), so it counts every order committed before the lock was
-- granted. The lock is released when the implicit transaction of the calling statement commits.
-- The spec's rule is the UPDATE's condition: refuse when available - orderquantity < quantity.
-- The limits come from the caller (contract/limits.ts, the hold policy), defined there once.
CREATE OR REPLACE FUNCTION place_order(
  p_product_id uuid,
  p_user_id uuid,
  p_email text,
  p_name text,
  p_address text,
  p_number text,
  p_quantity integer,
  p_hold_seconds integer,
  p_max_held_units integer,
  p_max_total_cents bigint
) RETURNS SETOF orders AS $$
DECLARE
  placed orders%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(7351002, hashtext(p_user_id::text));
  WITH held AS (
    SELECT coalesce(sum(quantity), 0)::int AS units FROM orders
    WHERE user_id = p_user_id AND NOT paid AND NOT hold_released AND hold_until > now()
  ),
  reserved AS (
    UPDATE products
    SET available_quantity = available_quantity - p_quantity
    WHERE id = p_product_id AND available_quantity - order_quantity >= p_quantity
      AND price_cents::bigint * p_quantity <= p_max_total_cents
      AND (SELECT units FROM held) + p_quantity <= p_max_held_units
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
