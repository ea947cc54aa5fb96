-- Users are Firebase accounts (uid), not emails: a new account with a deleted account's email is
-- a new user and inherits nothing. Orders and profiles belong to a user row, not to an email.
ALTER TABLE "profiles" DROP CONSTRAINT IF EXISTS "profiles_email_users_email_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_email_key";
--> statement-breakpoint
UPDATE "users" SET "firebase_uid" = 'unknown:' || "id" WHERE "firebase_uid" IS NULL;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "firebase_uid" SET NOT NULL;
--> statement-breakpoint
-- Stale until the next sign-in: existing admins prove their email again at that sign-in.
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Bumped by LogOut (and when the account goes away): app tokens carry it, the guard compares.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Set when the Firebase account was deleted or its email passed to a new account.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_firebase_uid_key" ON "users" USING btree ("firebase_uid");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_active_email_key" ON "users" USING btree ("email") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "user_id" uuid;
--> statement-breakpoint
UPDATE "profiles" SET "user_id" = "users"."id" FROM "users" WHERE "users"."email" = "profiles"."email";
--> statement-breakpoint
DELETE FROM "profiles" WHERE "user_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "user_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_email_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_key" ON "profiles" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "user_id" uuid;
--> statement-breakpoint
UPDATE "orders" SET "user_id" = "users"."id" FROM "users" WHERE "users"."email" = "orders"."email";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id","created_at");
