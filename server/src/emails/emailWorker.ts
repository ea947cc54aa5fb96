import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, makeWorkerUtils, run, type Runner, type WorkerEvents } from 'graphile-worker';
import nodemailer from 'nodemailer';
import pg from 'pg';
import type { EmailConfig } from '../config';
import type { Db } from '../db/client';
import {
  SEND_EMAIL_TASK,
  forgetWorkers,
  findEmail,
  goneWorkers,
  heartbeat,
  markFailed,
  markSent,
  saveRendered,
  scheduleRetry,
  type EmailData,
  type EmailRow,
} from './emailTable';
import { renderEmail } from './templates';
import { attachmentsOf } from './fittingCalendar';

/**
 * Sends the outbox (issue 31): graphile-worker runs `send_email` jobs in this API process
 * (several processes on one database each take a job once: its row is locked while it runs).
 * An email is rendered once, then sent with nodemailer with a Message-ID made from its id, so a
 * retry after an answer that never came is recognisably the same message. A 4xx or a server
 * that cannot be reached is tried again after `retrySeconds`, doubled each time up to an hour,
 * `maxAttempts` times at most; a 5xx is final: the email is marked failed with the server's
 * answer. Nothing of an email's content or address is logged: its id, kind and status only.
 */

export interface EmailWorkerOptions {
  db: Db;
  databaseUrl: string;
  email: EmailConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Jobs run at once in this process. */
  concurrency?: number;
}

/** Longest wait between two attempts. */
const MAX_DELAY_SECONDS = 3600;

/** An email still queued this long after its change is not sent any more (EMAIL was off). */
const MAX_AGE_MS = 3 * 24 * 3600 * 1000;

export interface EmailWorker {
  stop(): Promise<void>;
}

/** The SMTP answer or the connection's error, as kept on the row: code and server text only. */
function describe(err: unknown): { permanent: boolean; text: string } {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof e.responseCode === 'number') {
    return {
      permanent: e.responseCode >= 500,
      text: (e.response ?? `${e.responseCode}`).slice(0, 500),
    };
  }
  return {
    permanent: false,
    text: `${e.code ?? 'error'}: ${e.message ?? String(err)}`.slice(0, 500),
  };
}

export const retryDelaySeconds = (retrySeconds: number, attemptsSoFar: number) =>
  Math.min(MAX_DELAY_SECONDS, retrySeconds * 2 ** Math.max(0, attemptsSoFar - 1));

export async function startEmailWorker(options: EmailWorkerOptions): Promise<EmailWorker> {
  const { db, email, log } = options;
  const transport = nodemailer.createTransport(email.smtpUrl);
  const host = new URL(options.publicUrl).hostname;

  const recipientOf = (row: EmailRow) =>
    row.audience === 'admins' ? email.adminRecipients.join(', ') : (row.recipient ?? '');

  async function send(id: string): Promise<void> {
    let row = await findEmail(db, id);
    if (!row || row.status !== 'queued') return; // sent or given up already
    // An admin's retry (or a retry of our own) sets nextAttemptAt: asked for, so sent late.
    if (row.nextAttemptAt === null && Date.now() - row.createdAt.getTime() > MAX_AGE_MS) {
      await markFailed(db, id, 'not sent: queued for more than 3 days');
      log.warn({ email: id, kind: row.kind }, 'email too old to send: marked failed');
      return;
    }
    if (row.html === null || row.messageId === null) {
      let rendered;
      try {
        rendered = await renderEmail(row.kind, row.data as EmailData, options.publicUrl);
      } catch (err) {
        await markFailed(db, id, `could not be rendered: ${(err as Error).message}`.slice(0, 500));
        log.error({ email: id, kind: row.kind }, 'email could not be rendered: marked failed');
        return;
      }
      await saveRendered(db, id, {
        ...rendered,
        messageId: `<${id}@${host}>`,
        recipient: recipientOf(row),
      });
      row = (await findEmail(db, id))!;
    }
    if (!row.recipient) {
      await markFailed(db, id, 'no recipient');
      return;
    }
    try {
      await transport.sendMail({
        from: email.from,
        to: row.recipient,
        subject: row.subject ?? '',
        html: row.html ?? '',
        text: row.text ?? '',
        messageId: row.messageId!,
        headers: { 'Auto-Submitted': 'auto-generated' },
        attachments: attachmentsOf(row.data as EmailData),
      });
    } catch (err) {
      const { permanent, text } = describe(err);
      const attempts = row.attempts + 1;
      if (permanent || attempts >= email.maxAttempts) {
        await markFailed(db, id, permanent ? text : `gave up after ${attempts} attempts: ${text}`);
        log.error({ email: id, kind: row.kind, attempts }, 'email not sent: marked failed');
        return;
      }
      const at = new Date(Date.now() + retryDelaySeconds(email.retrySeconds, attempts) * 1000);
      await scheduleRetry(db, id, text, at);
      log.warn({ email: id, kind: row.kind, attempts }, 'email not sent yet: will try again');
      return;
    }
    await markSent(db, id);
    log.info({ email: id, kind: row.kind }, 'email sent');
  }

  // A pool of its own: the queue's LISTEN and its job queries do not take the API's connections.
  const pgPool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // A dropped connection must not crash the process (the queue reconnects by itself).
  pgPool.on('error', () => {});
  pgPool.on('connect', (client) => client.on('error', () => {}));
  // This process's workers, recorded as they are made (before they take a job, nearly always:
  // one recorded late is still covered, see `goneWorkers`) and kept fresh by a heartbeat.
  const workerIds = new Set<string>();
  const events: WorkerEvents = new EventEmitter();
  events.on('worker:create', ({ worker }) => {
    workerIds.add(worker.workerId);
    void heartbeat(db, [worker.workerId]).catch(() => {});
  });
  const runner: Runner = await run({
    pgPool,
    events,
    concurrency: options.concurrency ?? 2,
    noHandleSignals: true,
    // New jobs are heard of by LISTEN/NOTIFY; the poll finds retries whose time came.
    pollInterval: 1000,
    logger: new Logger(() => (level, message) => {
      if (level === 'error') log.error({ queue: 'email' }, message);
      else if (level === 'warning') log.warn({ queue: 'email' }, message);
    }),
    taskList: {
      [SEND_EMAIL_TASK]: async (payload) => {
        const id = (payload as { id?: unknown }).id;
        if (typeof id === 'string') await send(id);
      },
    },
  });

  // graphile-worker releases a job whose worker vanished (a process killed while sending) only
  // after 4 hours. Every heartbeat this process says its workers are alive and releases the
  // send_email jobs held by workers nobody has seen for `workerTimeoutSeconds`
  // (graphile-worker's forceUnlockWorkers, for workers that are no longer running).
  const utils = await makeWorkerUtils({ pgPool });
  const timeoutMs = email.workerTimeoutSeconds * 1000;
  const beat = async () => {
    try {
      await heartbeat(db, [...workerIds]);
      const gone = await goneWorkers(db, SEND_EMAIL_TASK, email.workerTimeoutSeconds);
      if (gone.length > 0) {
        await utils.forceUnlockWorkers(gone);
        await forgetWorkers(db, gone);
        log.warn(
          { queue: 'email', workers: gone.length },
          'released the email jobs of workers gone',
        );
      }
    } catch (err) {
      log.warn({ queue: 'email', err: (err as Error).message }, 'email worker heartbeat failed');
    }
  };
  let beating = beat();
  const timer = setInterval(
    () => {
      beating = beating.then(beat);
    },
    Math.max(250, Math.floor(timeoutMs / 4)),
  );
  timer.unref();

  return {
    stop: async () => {
      clearInterval(timer);
      await beating;
      await runner.stop();
      // Stopped cleanly: its workers hold nothing, and are not alive any more.
      await forgetWorkers(db, [...workerIds]).catch(() => {});
      await utils.release();
      transport.close();
      await pgPool.end();
    },
  };
}
