-- Says what changed in the catalogue, so the API renders again only what it must: `S:<id>` when
-- only a product's stock moved (its available or held count: an order, a hold given back, an
-- admin's count), `U:<id>` for any other change in place of one product (it may move it in or
-- out of any list), `*` for anything else (rows added or removed, a statement-level change).
-- A transaction that set `store.stock_announced` (placing orders) sends no `S:` here: the API
-- announces it after the commit (catalog/stockNotices.ts), since a NOTIFY makes every commit
-- that sends one wait for the others.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'ROW' AND TG_OP = 'UPDATE' THEN
    IF NEW.id = OLD.id AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at THEN
      IF to_jsonb(NEW) - 'available_quantity' - 'held_quantity'
          = to_jsonb(OLD) - 'available_quantity' - 'held_quantity' THEN
        IF current_setting('store.stock_announced', true) IS DISTINCT FROM 'on' THEN
          PERFORM pg_notify('catalog_changed', 'S:' || NEW.id::text);
        END IF;
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
