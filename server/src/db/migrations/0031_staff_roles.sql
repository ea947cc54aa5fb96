-- Staff roles (issue 52): a person may hold several, each granting permissions
-- (contract/staff.ts). An admin of before keeps being one: users.role = 'admin' becomes the
-- admin role, and the column goes (roles are read from here only). The refunds role's limit
-- is the person's: dollars given back in any 24 hours, in cents.
-- A role may later be scoped (the fitting role to fitting centres): a table
-- staff_role_centres (user_id, role, centre_id) beside this one, no rows meaning every centre.
-- Owner: server/src/users/staffTable.ts.
CREATE TABLE IF NOT EXISTS "staff_members" (
  "user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "refund_limit_cents" integer NOT NULL DEFAULT 0,
  CONSTRAINT "staff_members_refund_limit_positive" CHECK ("refund_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "staff_roles" (
  "user_id" uuid NOT NULL REFERENCES "staff_members"("user_id") ON DELETE CASCADE,
  "role" text NOT NULL,
  "granted_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "role"),
  CONSTRAINT "staff_roles_role_known"
    CHECK ("role" IN ('owner', 'admin', 'catalogue', 'orders', 'refunds', 'fitting', 'support'))
);
--> statement-breakpoint
INSERT INTO "staff_members" ("user_id")
  SELECT "id" FROM "users" WHERE "role" = 'admin'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "staff_roles" ("user_id", "role")
  SELECT "id", 'admin' FROM "users" WHERE "role" = 'admin'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_role_known";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN IF EXISTS "role";
