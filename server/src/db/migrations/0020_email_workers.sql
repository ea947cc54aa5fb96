-- The email workers alive (issue 31): each API process with email records the ids of its
-- graphile-worker workers here and refreshes seen_at while it runs. A send_email job locked by a
-- worker not seen lately belongs to a process that is gone (killed while sending): it is
-- released at once instead of after graphile-worker's 4 hours (server/src/emails/emailWorker.ts).
CREATE TABLE IF NOT EXISTS "email_workers" (
  "worker_id" text PRIMARY KEY NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
