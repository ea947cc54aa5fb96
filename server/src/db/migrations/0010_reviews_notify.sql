-- Server-rendered pages show reviews (the landing page, /review) and are kept until something
-- they show changes: a review written, changed or deleted tells every API process, on the
-- channel the catalogue's changes already use, with the payload `reviews`.
CREATE OR REPLACE FUNCTION notify_reviews_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', 'reviews');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reviews_changed();
