-- Fitting appointments (issue 48). Where each product's stock is: a stock place (a warehouse,
-- or a fitting centre's own shelf), and the days from each place to each centre; a product
-- with no place is at the main warehouse, and a pair with no lead time takes the contract's
-- DEFAULT_LEAD_DAYS (a shelf to its own centre: none). An appointment holds one bay of a centre
-- from starts_at to ends_at; it occupies the bay while it is not cancelled and, when a checkout
-- booked it, while one of that checkout's orders is paid or still holds its stock. Bookings of a
-- centre take turns (an advisory lock), so two shoppers never get one bay at one time.
-- Owners: server/src/appointments/stockPlaces.ts, appointmentTable.ts.
CREATE TABLE IF NOT EXISTS "stock_places" (
  "code" text PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "centre_id" uuid REFERENCES "fitting_centres"("id") ON DELETE CASCADE
);
--> statement-breakpoint
INSERT INTO "stock_places" ("code", "name") VALUES ('MAIN', 'Main warehouse')
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "lead_times" (
  "place_code" text NOT NULL REFERENCES "stock_places"("code") ON DELETE CASCADE,
  "centre_id" uuid NOT NULL REFERENCES "fitting_centres"("id") ON DELETE CASCADE,
  "days" integer NOT NULL,
  PRIMARY KEY ("place_code", "centre_id"),
  CONSTRAINT "lead_times_days_range" CHECK ("days" BETWEEN 0 AND 60)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_places" (
  "product_id" uuid PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "place_code" text NOT NULL REFERENCES "stock_places"("code") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "appointments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "centre_id" uuid NOT NULL REFERENCES "fitting_centres"("id"),
  "bay" integer NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "job" text NOT NULL,
  "tpms" boolean DEFAULT false NOT NULL,
  "car" text DEFAULT '' NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "checkout_id" uuid REFERENCES "checkouts"("id"),
  "status" text DEFAULT 'booked' NOT NULL,
  "tyres_ready_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "appointments_job_known" CHECK ("job" IN ('pair', 'four', 'staggered')),
  CONSTRAINT "appointments_status_known" CHECK ("status" IN ('booked', 'arrived', 'fitted', 'no_show', 'cancelled')),
  CONSTRAINT "appointments_in_order" CHECK ("ends_at" > "starts_at"),
  CONSTRAINT "appointments_bay_positive" CHECK ("bay" >= 1)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_centre_time_idx" ON "appointments" ("centre_id", "starts_at") WHERE "status" <> 'cancelled';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_user_idx" ON "appointments" ("user_id", "starts_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_checkout_idx" ON "appointments" ("checkout_id") WHERE "checkout_id" IS NOT NULL;
