-- A product whose stock alone moved (an order, a hold given back, an admin's count) says so:
-- `S:<id>`, so the API renders again only the server-rendered pages that show that product and
-- the lists of products in stock. Any other change in place stays `U:<id>` (it may move the
-- product in or out of any list), and `*` as before. An API of an earlier version reads `S:` as
-- a payload it does not know: a full change, which is safe.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'ROW' AND TG_OP = 'UPDATE' THEN
    IF NEW.id = OLD.id AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at THEN
      IF to_jsonb(NEW) - 'available_quantity' = to_jsonb(OLD) - 'available_quantity' THEN
        PERFORM pg_notify('catalog_changed', 'S:' || NEW.id::text);
      ELSE
        PERFORM pg_notify('catalog_changed', 'U:' || NEW.id::text);
      END IF;
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('catalog_changed', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
