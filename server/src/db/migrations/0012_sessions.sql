-- One row per signed-in device: a Firebase sign-in (its auth_time) traded for app tokens. LogOut
-- ends the caller's session only; "Sign out everywhere" ends them all (users.signed_out_at).
CREATE TABLE IF NOT EXISTS "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"signed_in_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_user_sign_in_idx" ON "sessions" ("user_id", "signed_in_at");
