-- One order of one product, or no row when refused: `place_orders` with one order, whose rules
-- and locks it follows (db/functions/place_orders.sql).
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
BEGIN
  RETURN QUERY
  SELECT (jsonb_populate_record(NULL::orders, o.placed)).*
  FROM place_orders(p_product_id,
    jsonb_build_array(jsonb_build_object('userId', p_user_id, 'email', p_email, 'name', p_name,
      'address', p_address, 'number', p_number, 'quantity', p_quantity)),
    p_hold_seconds, p_max_held_units, p_max_total_cents, p_held_share_percent,
    p_held_floor_units) AS o;
END;
$$ LANGUAGE plpgsql VOLATILE;
