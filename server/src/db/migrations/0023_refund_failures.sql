-- A card refund can fail after the provider accepted it (Stripe: pending → failed, a refund that
-- succeeded → failed, or requires_action → canceled). Such a refund becomes `failed` (its money
-- no longer counts on the order) and keeps why and when. The reason is the provider's own word
-- (Stripe's `failure_reason`, `canceled`, or its refusal message): the order's history says it
-- in plain words. Owner: server/src/payments/refundStore.ts.
ALTER TABLE "refunds" ADD COLUMN IF NOT EXISTS "failure_reason" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN IF NOT EXISTS "failed_at" timestamp with time zone;
