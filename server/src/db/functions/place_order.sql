-- One order of one product, placed in one statement, or no row when refused.
-- - The spec's rule is the UPDATE's condition: refuse when available - orderquantity < quantity;
--   a retired product takes no new order; the limits come from the caller (contract/limits.ts,
--   the hold policy), defined there once.
-- - An account whose email is not verified holds no stock (the users row says so, as the last
--   token exchange read it from the identity provider).
-- - Unpaid orders of one product hold at most p_held_share_percent of its stock (available plus
--   held), rounded down, never less than p_held_floor_units, so no group of accounts can hold
--   more than that share.
-- Locks, as every writer takes them: the account's holds (advisory 7351002), then the product.
-- The product is locked FOR NO KEY UPDATE, not FOR UPDATE: a bag line's foreign key takes KEY
-- SHARE on its product, and with FOR UPDATE a bag being filled in another order than a checkout
-- locks its products waited for it in a circle ("deadlock detected"). Each statement of this
-- volatile function runs on a fresh snapshot, so the reserving UPDATE counts every order
-- committed before the lock was granted.
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
  PERFORM 1 FROM products WHERE id = p_product_id FOR NO KEY UPDATE;
  WITH reserved AS (
    UPDATE products
    SET available_quantity = available_quantity - p_quantity,
      held_quantity = held_quantity + p_quantity
    WHERE id = p_product_id AND status = 'active'
      AND available_quantity - order_quantity >= p_quantity
      AND price_cents::bigint * p_quantity <= p_max_total_cents
      AND units_held_by(p_user_id) + p_quantity <= p_max_held_units
      AND held_quantity - held_but_run_out(p_product_id) + p_quantity <= greatest(
        (available_quantity + held_quantity)::bigint * p_held_share_percent / 100,
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
