-- Orders of one product placed together (issue 43). Concurrent orders of a product take turns on
-- its row, and each turn lasts until its commit is on disk (the WAL flush): one at a time, a
-- product takes a few hundred orders a second whatever the machine. `place_orders` places the
-- orders that queued for the same product in one call and one commit, so they share one flush;
-- each is placed or refused by `place_order`'s own rules, in the order given, and sees the ones
-- before it (stock, held units). Refused orders are left out of the answer; `n` is an order's
-- position in `p_orders`, from 1.
-- Locks: the accounts' holds (7351002) first, in key order, then the product, the order of
-- every writer (0025), so a batch and a checkout never wait for each other in a circle.
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
  v_order record;
  v_placed orders%ROWTYPE;
BEGIN
  -- Their stock's notice is sent by the API after the commit (CatalogCache.stockMoved).
  PERFORM set_config('store.stock_announced', 'on', true);
  FOR v_key IN
    SELECT DISTINCT hashtext((e.item->>'userId')::uuid::text)
    FROM jsonb_array_elements(p_orders) AS e(item) ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(7351002, v_key);
  END LOOP;
  FOR v_order IN
    SELECT e.item, e.n FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(item, n)
    ORDER BY e.n
  LOOP
    SELECT * INTO v_placed FROM place_order(p_product_id, (v_order.item->>'userId')::uuid,
      v_order.item->>'email', v_order.item->>'name', v_order.item->>'address',
      v_order.item->>'number', (v_order.item->>'quantity')::integer, p_hold_seconds,
      p_max_held_units, p_max_total_cents, p_held_share_percent, p_held_floor_units);
    IF FOUND THEN
      n := v_order.n;
      placed := to_jsonb(v_placed);
      RETURN NEXT;
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql VOLATILE;
