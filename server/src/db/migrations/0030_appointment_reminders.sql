-- The day-before reminder of a fitting appointment (issue 48): set when its email is written to
-- the outbox, in the same transaction, so each appointment is reminded once (moving it clears
-- the mark: the new time is reminded again). Owner: server/src/emails/fittingReminders.ts.
ALTER TABLE "appointments" ADD COLUMN IF NOT EXISTS "reminded_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_to_remind_idx" ON "appointments" ("starts_at") WHERE "reminded_at" IS NULL AND "status" = 'booked';
