-- A row the catalogue's pages show changed in a table beside the products: every API process is
-- told, on the catalogue's channel, `<prefix>:<key>` (the trigger's arguments: the prefix, then
-- the column holding the key), and renders again only the pages that show it:
--   `M:<product id>`: a product's own price in a market was set, changed or taken away;
--   `G:<model id>`: a model's picture was added, moved, renamed or removed.
-- The triggers are defined here with their function, so the two cannot drift apart. NOTIFY is
-- sent at commit: a rolled-back change tells nobody.
CREATE OR REPLACE FUNCTION notify_catalog_row_changed() RETURNS trigger AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := to_jsonb(OLD);
  ELSE
    changed := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('catalog_changed', TG_ARGV[0] || ':' || (changed ->> TG_ARGV[1]));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE TRIGGER market_prices_changed
  AFTER INSERT OR UPDATE OR DELETE ON market_prices
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_row_changed('M', 'product_id');

CREATE OR REPLACE TRIGGER model_pictures_changed
  AFTER INSERT OR UPDATE OR DELETE ON model_pictures
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_row_changed('G', 'model_id');
