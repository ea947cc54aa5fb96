-- The audit trail (issue 52): one row per staff action, written in the transaction of the
-- change it records, so a change that fails leaves none. Rows are never changed or removed:
-- the triggers refuse UPDATE, DELETE and TRUNCATE, whoever asks. Who acted is kept by id and
-- by the email they had then (an account's email may change later); no foreign key, so nothing
-- cascades into it. Owner: server/src/audit/auditTrail.ts.
CREATE TABLE IF NOT EXISTS "audit_events" (
  "id" bigserial PRIMARY KEY,
  "at" timestamp with time zone NOT NULL DEFAULT now(),
  "actor_user_id" uuid,
  "actor_email" text,
  "address" text,
  "call" text NOT NULL,
  "kind" text NOT NULL,
  "action" text NOT NULL,
  "object_type" text NOT NULL,
  "object_id" text,
  "before" jsonb,
  "after" jsonb,
  "details" jsonb
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_at_idx" ON "audit_events" ("at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_actor_idx" ON "audit_events" ("actor_email", "at" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_object_idx" ON "audit_events" ("object_id", "at" DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_events_refuse_change"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is never changed: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_no_change" ON "audit_events";
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_change" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_no_truncate" ON "audit_events";
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
