-- Reviews are paged, limited per account and moderated (issue 27, finding 6). Each review names
-- the user who wrote it (the account, not its email: reviews written before are matched to the
-- account that had the email then, the newest such), so the posting limit counts an account's
-- reviews; an admin may hide one (hidden_at, hidden_by), and a hidden review is shown to nobody
-- but admins. The public list reads the shown reviews newest first from an index of its own.
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "hidden_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
UPDATE "reviews" r SET "user_id" = (
  SELECT u."id" FROM "users" u
  WHERE u."email" = lower(r."author_email") AND u."created_at" <= r."created_at"
  ORDER BY u."created_at" DESC LIMIT 1
) WHERE r."user_id" IS NULL AND r."author_email" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_shown_newest_idx" ON "reviews" ("created_at" DESC, "id" DESC) WHERE "hidden_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_newest_idx" ON "reviews" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_user_created_idx" ON "reviews" ("user_id", "created_at");
