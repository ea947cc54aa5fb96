-- A fitter is scoped to their fitting centres (issue 52). A fitting role either runs every
-- centre (`every_centre`, as every fitter did before) or only the centres listed in
-- staff_role_centres. The flag, not an empty list, says "every centre": a fitter whose only
-- centre is deleted runs none, never all. Taking the role drops its centres with it.
-- Owner: server/src/users/staffTable.ts.
ALTER TABLE "staff_roles" ADD COLUMN IF NOT EXISTS "every_centre" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "staff_role_centres" (
  "user_id" uuid NOT NULL,
  "role" text NOT NULL,
  "centre_id" uuid NOT NULL REFERENCES "fitting_centres"("id") ON DELETE CASCADE,
  PRIMARY KEY ("user_id", "role", "centre_id"),
  FOREIGN KEY ("user_id", "role") REFERENCES "staff_roles"("user_id", "role") ON DELETE CASCADE,
  CONSTRAINT "staff_role_centres_fitting_only" CHECK ("role" = 'fitting')
);
