-- The whole checkout of the account's bag, or why not (`refused`, and what its words need):
--   unverified | emptyBag | linesToChange (lines) | heldUnits (held) | fittingDayNotOffered |
--   fittingDayClosed | fittingDayFull | retired, lineTotal, stock, share (the line and its
--   figures) | checkoutTotal (cents).
-- The checks and their order are the API's before this function (a line's total before its
-- stock, its stock before its share); the stock rule is contract/stockRule.ts's twin.
-- A checkout priced in a market (markets/checkoutPricing.ts) sends p_pricing: { goods:
-- [{ productId, quantity, unitMinor, chargesMinor }], checkoutChargesMinor (charged on the first
-- order as listed), lines: [{ position, productId, kind, taxKind, label, quantity, unitMinor,
-- amountMinor, taxRate, taxMinor }], checkout: { market, currency, country, region, taxIncluded,
-- taxMinor, taxProvider, totalCents } }. Its orders and checkout are written priced and its lines
-- with them, in this one call (no second statement while the products are locked); a bag that is
-- no longer the one priced is refused (bagChanged).
CREATE OR REPLACE FUNCTION place_checkout(
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
  p_pricing jsonb DEFAULT NULL
) RETURNS jsonb AS $$
DECLARE
  v_lines integer;
  v_units integer;
  v_held integer;
  v_to_change jsonb;
  v_places integer;
  v_booked integer;
  v_total bigint := 0;
  v_line record;
  v_live integer;
  v_cap bigint;
  v_checkout checkouts%ROWTYPE;
  v_orders jsonb;
  v_sheet jsonb := p_pricing->'checkout';
BEGIN
  -- Their stock's notice is sent by the API after the commit (CatalogCache.stockMoved).
  PERFORM set_config('store.stock_announced', 'on', true);
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user_id AND email_verified) THEN
    RETURN jsonb_build_object('refused', 'unverified');
  END IF;
  PERFORM pg_advisory_xact_lock(7351003, hashtext(p_user_id::text));
  SELECT count(*)::int, coalesce(sum(b.quantity), 0)::int INTO v_lines, v_units
  FROM bag_items b WHERE b.user_id = p_user_id;
  IF v_lines = 0 THEN
    RETURN jsonb_build_object('refused', 'emptyBag');
  END IF;
  IF p_pricing IS NOT NULL AND ((SELECT jsonb_object_agg(product_id::text, quantity)
      FROM bag_items WHERE user_id = p_user_id) <> (SELECT jsonb_object_agg(g->>'productId',
      (g->>'quantity')::int) FROM jsonb_array_elements(p_pricing->'goods') g)) IS NOT FALSE THEN
    RETURN jsonb_build_object('refused', 'bagChanged');
  END IF;
  -- Lines a shopper must change first (retired, or more than the stock rule lets through).
  SELECT jsonb_agg(jsonb_build_object('name', p.name, 'status', p.status,
      'quantity', b.quantity, 'orderable', greatest(p.available_quantity - p.order_quantity, 0),
      'priceCents', p.price_cents, 'priceCentsAdded', b.price_cents_added)
    ORDER BY b.added_at, b.product_id)
  INTO v_to_change
  FROM bag_items b JOIN products p ON p.id = b.product_id
  WHERE b.user_id = p_user_id
    AND (p.status = 'retired' OR b.quantity > p.available_quantity - p.order_quantity);
  IF v_to_change IS NOT NULL THEN
    RETURN jsonb_build_object('refused', 'linesToChange', 'lines', v_to_change);
  END IF;
  PERFORM pg_advisory_xact_lock(7351002, hashtext(p_user_id::text));
  v_held := units_held_by(p_user_id);
  IF v_held + v_units > p_max_held_units THEN
    RETURN jsonb_build_object('refused', 'heldUnits', 'held', v_held);
  END IF;
  IF p_fitting IS NOT NULL THEN
    IF p_fitting::date < p_first_fitting::date OR p_fitting::date > p_last_fitting::date THEN
      RETURN jsonb_build_object('refused', 'fittingDayNotOffered');
    END IF;
    PERFORM pg_advisory_xact_lock(7351004, hashtext(p_fitting));
    SELECT coalesce(max(places), 0) INTO v_places FROM fitting_weekdays
    WHERE weekday = extract(dow FROM p_fitting::date);
    IF v_places = 0 THEN
      RETURN jsonb_build_object('refused', 'fittingDayClosed');
    END IF;
    SELECT count(DISTINCT checkout_id)::int INTO v_booked FROM orders
    WHERE fitting_date = p_fitting::date AND checkout_id IS NOT NULL AND status <> 'cancelled'
      AND (paid OR (NOT hold_released AND hold_until > now()));
    IF v_booked >= v_places THEN
      RETURN jsonb_build_object('refused', 'fittingDayFull');
    END IF;
  END IF;
  PERFORM 1 FROM products
  WHERE id IN (SELECT product_id FROM bag_items WHERE user_id = p_user_id)
  ORDER BY id FOR NO KEY UPDATE;
  FOR v_line IN
    SELECT p.id, p.name, p.status, p.price_cents, p.available_quantity, p.order_quantity,
      p.held_quantity, b.quantity
    FROM bag_items b JOIN products p ON p.id = b.product_id
    WHERE b.user_id = p_user_id ORDER BY p.id
  LOOP
    IF v_line.status <> 'active' THEN
      RETURN jsonb_build_object('refused', 'retired', 'name', v_line.name);
    END IF;
    IF v_line.price_cents::bigint * v_line.quantity > p_max_total_cents THEN
      RETURN jsonb_build_object('refused', 'lineTotal', 'name', v_line.name,
        'cents', v_line.price_cents::bigint * v_line.quantity);
    END IF;
    IF v_line.available_quantity - v_line.order_quantity < v_line.quantity THEN
      RETURN jsonb_build_object('refused', 'stock', 'name', v_line.name,
        'orderable', greatest(v_line.available_quantity - v_line.order_quantity, 0));
    END IF;
    v_live := v_line.held_quantity - held_but_run_out(v_line.id);
    v_cap := greatest(
      (v_line.available_quantity + v_line.held_quantity)::bigint * p_held_share_percent / 100,
      p_held_floor_units);
    IF v_live + v_line.quantity > v_cap THEN
      RETURN jsonb_build_object('refused', 'share', 'name', v_line.name, 'live', v_live,
        'cap', v_cap, 'stock', v_line.available_quantity + v_line.held_quantity);
    END IF;
    v_total := v_total + v_line.price_cents::bigint * v_line.quantity;
  END LOOP;
  IF v_total > p_max_total_cents THEN
    RETURN jsonb_build_object('refused', 'checkoutTotal', 'cents', v_total);
  END IF;
  INSERT INTO checkouts (user_id, fitting_date, total_cents, market, currency, country, region,
    tax_included, tax_minor, tax_provider)
  VALUES (p_user_id, p_fitting::date, coalesce((v_sheet->>'totalCents')::bigint, v_total),
    v_sheet->>'market', coalesce(v_sheet->>'currency', 'USD'), v_sheet->>'country',
    v_sheet->>'region', coalesce((v_sheet->>'taxIncluded')::boolean, false),
    coalesce((v_sheet->>'taxMinor')::int, 0), v_sheet->>'taxProvider')
  RETURNING * INTO v_checkout;
  UPDATE products p
  SET available_quantity = p.available_quantity - b.quantity,
    held_quantity = p.held_quantity + b.quantity
  FROM bag_items b
  WHERE b.user_id = p_user_id AND p.id = b.product_id;
  WITH goods AS (
    SELECT * FROM jsonb_to_recordset(coalesce(p_pricing->'goods', '[]'))
      AS g("productId" uuid, "unitMinor" integer, "chargesMinor" integer)
  ), placed AS (
    INSERT INTO orders
      (product_id, product_name, price_cents, name, user_id, email, address, number, quantity,
        hold_until, checkout_id, fitting_date, currency, charges_minor)
    SELECT p.id, p.name, coalesce(g."unitMinor", p.price_cents), p_name, p_user_id, p_email,
      p_address, p_number, b.quantity, now() + make_interval(secs => p_hold_seconds),
      v_checkout.id, p_fitting::date, v_checkout.currency,
      coalesce(g."chargesMinor", 0) + CASE WHEN row_number() OVER (ORDER BY p.name, p.id) = 1
        THEN coalesce((p_pricing->>'checkoutChargesMinor')::int, 0) ELSE 0 END
    FROM bag_items b JOIN products p ON p.id = b.product_id
      LEFT JOIN goods g ON g."productId" = p.id
    WHERE b.user_id = p_user_id
    RETURNING *
  ), lines AS (
    INSERT INTO checkout_lines (checkout_id, position, order_id, kind, tax_kind, label,
      quantity, unit_minor, amount_minor, tax_rate, tax_minor)
    SELECT v_checkout.id, l.position, o.id, l.kind, l."taxKind", l.label, l.quantity,
      l."unitMinor", l."amountMinor", l."taxRate", l."taxMinor"
    FROM jsonb_to_recordset(coalesce(p_pricing->'lines', '[]')) AS l(position integer,
      "productId" uuid, kind text, "taxKind" text, label text, quantity integer,
      "unitMinor" integer, "amountMinor" integer, "taxRate" numeric, "taxMinor" integer)
      LEFT JOIN placed o ON o.product_id = l."productId"
  )
  SELECT jsonb_agg(to_jsonb(placed) ORDER BY product_name, id) INTO v_orders FROM placed;
  DELETE FROM bag_items WHERE user_id = p_user_id;
  RETURN jsonb_build_object('checkout', to_jsonb(v_checkout), 'orders', v_orders);
END;
$$ LANGUAGE plpgsql VOLATILE;
