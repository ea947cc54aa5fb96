-- `place_checkout` takes the checkout's pricing as a last argument (db/functions/place_checkout.sql),
-- so a priced checkout is placed and priced in one statement. The old signature goes.
DROP FUNCTION IF EXISTS place_checkout(uuid, text, text, text, text, text, text, text, integer, integer, bigint, integer, integer);
