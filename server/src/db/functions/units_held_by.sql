-- Units the account holds in unpaid orders whose hold still runs (by account: an older account
-- with the same email is someone else).
CREATE OR REPLACE FUNCTION units_held_by(p_user_id uuid) RETURNS integer AS $$
  SELECT coalesce(sum(quantity), 0)::int FROM orders
  WHERE user_id = p_user_id AND NOT paid AND NOT hold_released AND hold_until > now();
$$ LANGUAGE sql STABLE;
