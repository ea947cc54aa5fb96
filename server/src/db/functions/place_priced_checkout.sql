-- A checkout priced in a market (markets/checkoutPricing.ts): `place_checkout`, then, in the
-- same call, each order's market price and charges, the checkout's lines, and its market, tax
-- and total. One statement, so the products' row locks `place_checkout` takes last one round
-- trip, as an unpriced checkout's do. Answers as `place_checkout`, the rows priced, or refuses
-- `bagChanged` (nothing written) when the bag is not the one priced.
-- p_pricing: { lines: [{ position, productId (null: the checkout's), kind, taxKind, label,
--   quantity, unitMinor, amountMinor, taxRate, taxMinor }], checkout: { market, currency,
--   country, region, taxIncluded, taxMinor, taxProvider, totalCents } }.
CREATE OR REPLACE FUNCTION place_priced_checkout(
  p_user_id uuid,
  p_email text,
  p_name text,
  p_address text,
  p_number text,
  p_fitting text,
  p_first_fitting text,
  p_last_fitting text,
  p_hold_seconds integer,
  p_max_held_units integer,
  p_max_total_cents bigint,
  p_held_share_percent integer,
  p_held_floor_units integer,
  p_pricing jsonb
) RETURNS jsonb AS $$
DECLARE
  v_bag jsonb;
  v_priced jsonb;
  v_answer jsonb;
  v_checkout_id uuid;
  v_first_order uuid;
  v_sheet jsonb := p_pricing->'checkout';
  v_tax_included boolean := (p_pricing->'checkout'->>'taxIncluded')::boolean;
  v_checkout checkouts%ROWTYPE;
  v_orders jsonb;
BEGIN
  -- The account's bag lock, as place_checkout takes it first (again, in the same session): the
  -- bag compared is the bag placed.
  PERFORM pg_advisory_xact_lock(7351003, hashtext(p_user_id::text));
  SELECT jsonb_object_agg(product_id::text, quantity) INTO v_bag
  FROM bag_items WHERE user_id = p_user_id;
  SELECT coalesce(jsonb_object_agg(l->>'productId', (l->>'quantity')::int), '{}') INTO v_priced
  FROM jsonb_array_elements(p_pricing->'lines') l WHERE l->>'kind' = 'goods';
  -- An empty bag is place_checkout's to refuse, in its own words.
  IF v_bag IS NOT NULL AND v_bag <> v_priced THEN
    RETURN jsonb_build_object('refused', 'bagChanged');
  END IF;
  v_answer := place_checkout(p_user_id, p_email, p_name, p_address, p_number, p_fitting,
    p_first_fitting, p_last_fitting, p_hold_seconds, p_max_held_units, p_max_total_cents,
    p_held_share_percent, p_held_floor_units);
  IF v_answer ? 'refused' THEN
    RETURN v_answer;
  END IF;
  v_checkout_id := (v_answer->'checkout'->>'id')::uuid;
  -- The checkout's own lines (delivery) are charged on its first order, as it is listed.
  v_first_order := (v_answer->'orders'->0->>'id')::uuid;
  WITH lines AS (
    SELECT l.*, o.id AS order_id
    FROM jsonb_to_recordset(p_pricing->'lines') AS l(position integer, "productId" uuid,
      kind text, "taxKind" text, label text, quantity integer, "unitMinor" integer,
      "amountMinor" integer, "taxRate" numeric, "taxMinor" integer)
    LEFT JOIN orders o ON o.checkout_id = v_checkout_id AND o.product_id = l."productId"
  ), written AS (
    INSERT INTO checkout_lines (checkout_id, position, order_id, kind, tax_kind, label,
      quantity, unit_minor, amount_minor, tax_rate, tax_minor)
    SELECT v_checkout_id, position, order_id, kind, "taxKind", label, quantity, "unitMinor",
      "amountMinor", "taxRate", "taxMinor"
    FROM lines
  ), charges AS (
    SELECT coalesce(order_id, v_first_order) AS order_id,
      sum(CASE WHEN kind = 'goods' THEN 0 ELSE "amountMinor" END
        + CASE WHEN v_tax_included THEN 0 ELSE "taxMinor" END)::int AS charges_minor,
      max("unitMinor") FILTER (WHERE kind = 'goods') AS price_minor
    FROM lines GROUP BY 1
  )
  UPDATE orders o SET price_cents = coalesce(c.price_minor, o.price_cents),
    currency = v_sheet->>'currency', charges_minor = c.charges_minor
  FROM charges c WHERE o.id = c.order_id;
  UPDATE checkouts SET market = v_sheet->>'market', currency = v_sheet->>'currency',
    country = v_sheet->>'country', region = v_sheet->>'region', tax_included = v_tax_included,
    tax_minor = (v_sheet->>'taxMinor')::int, tax_provider = v_sheet->>'taxProvider',
    total_cents = (v_sheet->>'totalCents')::bigint
  WHERE id = v_checkout_id
  RETURNING * INTO v_checkout;
  SELECT jsonb_agg(to_jsonb(o) ORDER BY o.product_name, o.id) INTO v_orders
  FROM orders o WHERE o.checkout_id = v_checkout_id;
  RETURN jsonb_build_object('checkout', to_jsonb(v_checkout), 'orders', v_orders);
END;
$$ LANGUAGE plpgsql VOLATILE;
