-- Units of a product's holds that ran out and are not swept yet (or never ran: orders from
-- before holds), which the held count still has but the share rule does not count.
CREATE OR REPLACE FUNCTION held_but_run_out(p_product_id uuid) RETURNS integer AS $$
  SELECT coalesce(sum(quantity), 0)::int FROM orders
  WHERE product_id = p_product_id AND NOT paid AND NOT hold_released
    AND (hold_until <= now() OR hold_until IS NULL);
$$ LANGUAGE sql STABLE;
