-- When the user last signed out: Firebase ID tokens minted before it are not exchanged again,
-- so a copy of one cannot undo the LogOut for the rest of its hour.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "signed_out_at" timestamp with time zone;
--> statement-breakpoint
-- Records may show an imgbb picture only if the store sent it there: looked up by address.
CREATE INDEX IF NOT EXISTS "images_external_url_idx" ON "images" ("external_url");
