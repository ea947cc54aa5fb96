-- Fitting centres (issue 48): the shop's own centres and partner garages. `hours` holds seven
-- entries, Sunday first, each {"opens":"HH:MM","closes":"HH:MM"} or null on a closed weekday, in
-- the centre's own time zone; `closed_days` the dates it is shut besides. Capabilities say what
-- it can fit; a mobile fitter drives to `mobile_postcodes` and/or `mobile_radius_km` around it.
-- Latitude and longitude are the centroid of its postcode. `code` is the shop's short name for
-- it, the key the CSV import matches rows by. Owner: server/src/fittingCentres/centreTable.ts.
CREATE TABLE IF NOT EXISTS "fitting_centres" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "code" text NOT NULL UNIQUE,
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "street" text NOT NULL,
  "city" text NOT NULL,
  "postcode" text NOT NULL,
  "country" text NOT NULL,
  "time_zone" text NOT NULL,
  "hours" jsonb NOT NULL,
  "closed_days" date[] DEFAULT '{}' NOT NULL,
  "bays" integer NOT NULL,
  "max_rim" integer NOT NULL,
  "run_flat" boolean DEFAULT false NOT NULL,
  "tpms" boolean DEFAULT false NOT NULL,
  "high_performance" boolean DEFAULT false NOT NULL,
  "mobile_postcodes" text[],
  "mobile_radius_km" integer,
  "latitude" double precision NOT NULL,
  "longitude" double precision NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fitting_centres_kind_known" CHECK ("kind" IN ('own', 'partner')),
  CONSTRAINT "fitting_centres_country_known" CHECK ("country" IN ('US', 'GB', 'DE')),
  CONSTRAINT "fitting_centres_bays_range" CHECK ("bays" BETWEEN 1 AND 20),
  CONSTRAINT "fitting_centres_rim_range" CHECK ("max_rim" BETWEEN 13 AND 24),
  CONSTRAINT "fitting_centres_week" CHECK (jsonb_typeof("hours") = 'array' AND jsonb_array_length("hours") = 7)
);
