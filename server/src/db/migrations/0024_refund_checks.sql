-- A refund the provider leaves pending (or whose answer never came) is asked about again once it
-- has been pending longer than REFUND_RECHECK_SECONDS, and then once per that period while it
-- stays pending: `checked_at` says when it was last asked, and the sweep claims a refund by
-- setting it, so API processes sweeping at once never ask about the same one. The partial index
-- finds the few pending refunds among all. Owner: server/src/payments/refundStore.ts.
ALTER TABLE "refunds" ADD COLUMN IF NOT EXISTS "checked_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';
