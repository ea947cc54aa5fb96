-- One row per form submission a client sent with an Idempotency-Key: the first request runs and
-- its answer is stored; a repeat of it (a double-click, a retry after a lost answer) gets the
-- same answer instead of creating a second record. Keyed by the caller, so keys never collide
-- between users. `status` is NULL while the first request is still running.
CREATE TABLE IF NOT EXISTS "idempotency_keys" (
  "owner" text NOT NULL,
  "key" text NOT NULL,
  "scope" text NOT NULL,
  "status" integer,
  "body" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("owner", "key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");
