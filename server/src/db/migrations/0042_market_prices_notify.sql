-- Server-rendered pages show shelf prices per market (issue 46): a market's settings changed
-- (its conversion, rates, fees) tell every API process, on the catalogue's channel, `markets`
-- (every page that shows products). A product's own price changed (`M:<product id>`) is told by
-- the trigger in server/src/db/functions/notify_catalog_rows.sql, applied after the migrations.
-- NOTIFY is sent at commit: a rolled-back change tells nobody.
CREATE OR REPLACE FUNCTION notify_markets_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', 'markets');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- TRUNCATE fires statement triggers only.
CREATE TRIGGER market_prices_truncated
  AFTER TRUNCATE ON market_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_markets_changed();
--> statement-breakpoint
CREATE TRIGGER markets_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON markets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_markets_changed();
