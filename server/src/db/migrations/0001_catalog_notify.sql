-- Every change of the products table (a new product, stock reserved or given back) tells the
-- API processes listening on `catalog_changed` to drop their cached catalogue. NOTIFY is sent
-- at commit, so a listener never sees a change that was rolled back.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
