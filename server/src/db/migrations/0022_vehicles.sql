-- Cars and their original tyre sizes (issue 33): the "My car" picker's lists and the sizes the
-- shop filters on. A version is one make, model, generation and engine from its first year; the
-- rear size equals the front one on most cars. Owner: server/src/vehicles/vehicleStore.ts.
CREATE TABLE IF NOT EXISTS "vehicles" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "make" text NOT NULL,
  "model" text NOT NULL,
  "generation" text DEFAULT '' NOT NULL,
  "engine" text NOT NULL,
  "year_from" integer NOT NULL,
  "year_to" integer,
  "front_width" integer NOT NULL,
  "front_aspect" integer NOT NULL,
  "front_rim" numeric(3, 1) NOT NULL,
  "rear_width" integer NOT NULL,
  "rear_aspect" integer NOT NULL,
  "rear_rim" numeric(3, 1) NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "vehicles_years_in_order" CHECK ("year_to" IS NULL OR "year_to" >= "year_from")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "vehicles_version_key" ON "vehicles" ("make", "model", "generation", "engine", "year_from");
--> statement-breakpoint
-- Every API process keeps the list in memory for the picker; a change tells them to read it again.
CREATE OR REPLACE FUNCTION notify_vehicles_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('vehicles_changed', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vehicles_changed" ON "vehicles";
--> statement-breakpoint
CREATE TRIGGER "vehicles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vehicles"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_vehicles_changed();
