-- Server-rendered pages show shelf prices per market (issue 46): a product's own price set,
-- changed or taken away tells every API process, on the catalogue's channel, with `M:<product
-- id>` (the pages that show that product render again; the catalogue itself is unchanged), and
-- a market's settings changed (its conversion, rates, fees) with `markets` (every page that
-- shows products). NOTIFY is sent at commit: a rolled-back change tells nobody.
CREATE OR REPLACE FUNCTION notify_market_price_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalog_changed', 'M:' || OLD.product_id::text);
  ELSE
    PERFORM pg_notify('catalog_changed', 'M:' || NEW.product_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_markets_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', 'markets');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER market_prices_changed
  AFTER INSERT OR UPDATE OR DELETE ON market_prices
  FOR EACH ROW EXECUTE FUNCTION notify_market_price_changed();
--> statement-breakpoint
-- TRUNCATE fires statement triggers only.
CREATE TRIGGER market_prices_truncated
  AFTER TRUNCATE ON market_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_markets_changed();
--> statement-breakpoint
CREATE TRIGGER markets_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON markets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_markets_changed();
