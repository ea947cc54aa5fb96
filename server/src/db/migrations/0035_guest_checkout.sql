-- Guest checkout (issue 47). A guest's orders belong to the email typed: each email that checks
-- out as a guest has one row in `users` marked `guest` (never signed in: no Firebase account,
-- no session, so no app token names it), which owns its orders, checkouts and the bag lines of
-- a checkout being placed, so `place_checkout` places a guest's checkout by the same rules.
-- An account with the same email is another row: the guest row is left out of the one active
-- account per email, and its orders move to the account once that email is verified.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "guest" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "users_active_email_key";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "users_active_email_key" ON "users" ("email")
  WHERE "deleted_at" is null and NOT "guest";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "users_guest_email_key" ON "users" ("email")
  WHERE "guest";
--> statement-breakpoint
-- A guest's checkout: the email typed and the browser it came from (one open checkout each).
CREATE TABLE IF NOT EXISTS "guest_checkouts" (
  "checkout_id" uuid PRIMARY KEY NOT NULL REFERENCES "checkouts"("id") ON DELETE cascade,
  "email" text NOT NULL,
  "browser" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_checkouts_email_idx" ON "guest_checkouts" ("email", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_checkouts_browser_idx" ON "guest_checkouts" ("browser", "created_at");
--> statement-breakpoint
-- The links that open a guest checkout without signing in: only the key's SHA-256 is kept.
CREATE TABLE IF NOT EXISTS "guest_links" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "checkout_id" uuid NOT NULL REFERENCES "checkouts"("id") ON DELETE cascade,
  "key_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "guest_links_key_hash_key" ON "guest_links" ("key_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_links_checkout_idx" ON "guest_links" ("checkout_id");
