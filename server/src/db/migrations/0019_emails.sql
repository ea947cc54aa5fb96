-- The outbox of the store's emails (issue 31): a row is written in the transaction of the state
-- change it tells about (server/src/emails/emailStore.ts); a graphile-worker job carrying only
-- its id sends it. subject, html and text are filled when it is first rendered, so a retry
-- sends the same message.
CREATE TABLE IF NOT EXISTS "emails" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "audience" text NOT NULL,
  "order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
  "checkout_id" uuid REFERENCES "checkouts"("id") ON DELETE SET NULL,
  "recipient" text,
  "data" jsonb NOT NULL,
  "subject" text,
  "html" text,
  "text" text,
  "status" text DEFAULT 'queued' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "message_id" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "next_attempt_at" timestamp with time zone,
  "sent_at" timestamp with time zone,
  CONSTRAINT "emails_status_known" CHECK ("status" in ('queued', 'sent', 'failed')),
  CONSTRAINT "emails_audience_known" CHECK ("audience" in ('shopper', 'admins'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "emails_message_id_key" ON "emails" ("message_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "emails_order_idx" ON "emails" ("order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "emails_status_idx" ON "emails" ("status", "created_at");
