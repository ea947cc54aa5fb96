-- Units of a product's holds that ran out and are not swept yet (or never ran: orders from
-- before holds), which the held count still has but the share rule does not count. Two sums,
-- each one range of orders_product_open_holds_idx: with an OR the planner walked every open hold
-- of the product (a millisecond an order at a few thousand).
CREATE OR REPLACE FUNCTION held_but_run_out(p_product_id uuid) RETURNS integer AS $$
  SELECT (
    (SELECT coalesce(sum(quantity), 0) FROM orders
      WHERE product_id = p_product_id AND NOT paid AND NOT hold_released
        AND hold_until <= now())
    + (SELECT coalesce(sum(quantity), 0) FROM orders
      WHERE product_id = p_product_id AND NOT paid AND NOT hold_released
        AND hold_until IS NULL)
  )::int;
$$ LANGUAGE sql STABLE;
