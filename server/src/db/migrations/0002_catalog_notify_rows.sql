-- Says what changed, so the API patches its cached catalogue instead of reading all of it again:
-- `U:<id>` when one product changed in place (stock, price, text), `*` (read everything) when
-- products were added, removed or truncated, or one moved in the list's order (id, created_at).
-- PostgreSQL folds identical notifications of one transaction: a statement updating many
-- products sends one per product, a bulk insert one `*`. An UPDATE matching no row (an order
-- refused for stock) now sends nothing.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'ROW' AND TG_OP = 'UPDATE' THEN
    IF NEW.id = OLD.id AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at THEN
      PERFORM pg_notify('catalog_changed', 'U:' || NEW.id::text);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('catalog_changed', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_catalog_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
-- TRUNCATE fires statement triggers only.
CREATE TRIGGER products_catalog_truncated
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
