-- A model's page is kept until something it shows changes (issue 51): a picture added, moved,
-- renamed or removed tells every API process, on the catalogue's channel, `G:<model id>`. Only
-- that model's pages render again; the catalogue's snapshot is not read again (it has no
-- pictures of models).
CREATE OR REPLACE FUNCTION notify_model_pictures_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalog_changed', 'G:' || OLD.model_id::text);
  ELSE
    PERFORM pg_notify('catalog_changed', 'G:' || NEW.model_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER model_pictures_changed
  AFTER INSERT OR UPDATE OR DELETE ON model_pictures
  FOR EACH ROW EXECUTE FUNCTION notify_model_pictures_changed();
