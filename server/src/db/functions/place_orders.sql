-- Orders of one product placed together (issue 43), the one home of an order's rules. Orders of
-- a product take turns on its row, and each turn lasts until its commit is on disk (the WAL
-- flush), so the API sends the orders that queued for the same product in one call and one
-- commit (orderBatches.ts). Each is placed or refused in the order given, seeing the ones before
-- it (stock, held units); refused orders are left out of the answer; `n` is an order's position
-- in `p_orders`, from 1. The product is read and locked once, the rules run on its figures in
-- memory, then one UPDATE takes the stock and one INSERT writes every order placed: a statement
-- per order made a batch's time, and so every order's, grow with its size.
-- The rules (the stock rule is contract/stockRule.ts's twin):
-- - refuse when available - orderquantity < quantity; a retired product takes no new order; the
--   limits come from the caller (contract/limits.ts, the hold policy), defined there once;
-- - an account whose email is not verified holds no stock (the users row says so, as the last
--   token exchange read it from the identity provider);
-- - unpaid orders of one product hold at most p_held_share_percent of its stock (available plus
--   held), rounded down, never less than p_held_floor_units, so no group of accounts can hold
--   more than that share.
-- Locks: the accounts' holds (7351002) first, in key order, then the product, the order of
-- every writer (0025), so a batch and a checkout never wait for each other in a circle. The
-- product is locked FOR NO KEY UPDATE, not FOR UPDATE: a bag line's foreign key takes KEY SHARE
-- on its product, and with FOR UPDATE a bag being filled in another order than a checkout locks
-- its products waited for it in a circle ("deadlock detected"). Each statement of this volatile
-- function runs on a fresh snapshot, so the figures read once locked count every order
-- committed before the lock was granted.
CREATE OR REPLACE FUNCTION place_orders(
  p_product_id uuid,
  p_orders jsonb,
  p_hold_seconds integer,
  p_max_held_units integer,
  p_max_total_cents bigint,
  p_held_share_percent integer,
  p_held_floor_units integer
) RETURNS TABLE (n integer, placed jsonb) AS $$
DECLARE
  v_key integer;
  v_product record;
  v_available integer;
  v_held integer;
  v_run_out integer;
  v_held_by jsonb;
  v_user text;
  v_quantity integer;
  v_user_held integer;
  v_order record;
  v_taken jsonb := '[]';
  -- A hold of no time has run out at once (hold_until = now()): counted as such, as before.
  v_runs boolean := p_hold_seconds > 0;
BEGIN
  -- Their stock's notice is sent by the API after the commit (CatalogCache.stockMoved).
  PERFORM set_config('store.stock_announced', 'on', true);
  FOR v_key IN
    SELECT DISTINCT hashtext((e.item->>'userId')::uuid::text)
    FROM jsonb_array_elements(p_orders) AS e(item) ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(7351002, v_key);
  END LOOP;
  SELECT p.name, p.price_cents, p.status, p.available_quantity, p.order_quantity,
    p.held_quantity
  INTO v_product
  FROM products p WHERE p.id = p_product_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_available := v_product.available_quantity;
  v_held := v_product.held_quantity;
  v_run_out := held_but_run_out(p_product_id);
  -- Units each verified account of the batch holds now; an account not here holds nothing.
  SELECT coalesce(jsonb_object_agg(u.id::text, units_held_by(u.id)), '{}') INTO v_held_by
  FROM users u
  WHERE u.email_verified
    AND u.id IN (SELECT (e.item->>'userId')::uuid FROM jsonb_array_elements(p_orders) AS e(item));
  FOR v_order IN
    SELECT e.item, e.n::integer AS n
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(item, n) ORDER BY e.n
  LOOP
    v_user := (v_order.item->>'userId')::uuid::text;
    v_quantity := (v_order.item->>'quantity')::integer;
    CONTINUE WHEN NOT v_held_by ? v_user;
    v_user_held := (v_held_by->>v_user)::integer;
    IF v_product.status = 'active'
      AND v_available - v_product.order_quantity >= v_quantity
      AND v_product.price_cents::bigint * v_quantity <= p_max_total_cents
      AND v_user_held + v_quantity <= p_max_held_units
      AND v_held - v_run_out + v_quantity <= greatest(
        (v_available + v_held)::bigint * p_held_share_percent / 100, p_held_floor_units)
    THEN
      v_available := v_available - v_quantity;
      v_held := v_held + v_quantity;
      IF v_runs THEN
        v_held_by := jsonb_set(v_held_by, ARRAY[v_user], to_jsonb(v_user_held + v_quantity));
      ELSE
        v_run_out := v_run_out + v_quantity;
      END IF;
      v_taken := v_taken || jsonb_build_object('n', v_order.n, 'item', v_order.item);
    END IF;
  END LOOP;
  IF jsonb_array_length(v_taken) = 0 THEN
    RETURN;
  END IF;
  UPDATE products SET available_quantity = v_available, held_quantity = v_held
  WHERE id = p_product_id;
  -- The ids are made first so each order placed is answered at its own position.
  RETURN QUERY
  WITH taken AS (
    SELECT (t.one->>'n')::integer AS n, gen_random_uuid() AS id, t.one->'item' AS item
    FROM jsonb_array_elements(v_taken) AS t(one)
  ), inserted AS (
    INSERT INTO orders
      (id, product_id, product_name, price_cents, name, user_id, email, address, number,
        quantity, hold_until)
    SELECT t.id, p_product_id, v_product.name, v_product.price_cents, t.item->>'name',
      (t.item->>'userId')::uuid, t.item->>'email', t.item->>'address', t.item->>'number',
      (t.item->>'quantity')::integer, now() + make_interval(secs => p_hold_seconds)
    FROM taken t ORDER BY t.n
    RETURNING *
  )
  SELECT t.n, to_jsonb(i) FROM inserted i JOIN taken t ON t.id = i.id ORDER BY t.n;
END;
$$ LANGUAGE plpgsql VOLATILE;
