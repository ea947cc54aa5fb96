import { recordAudit, type AuditActor } from '../audit/auditTrail';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { EMAIL_KIND_NAMES, type EmailStatus } from '../../../contract/emails';
import type { Db } from '../db/client';
import { emailWorkers, emails, orders, products } from '../db/schema';
import { checkoutLines } from '../markets/marketSchema';
import { addGuestLinks } from '../guests/guestLinks';
import type { EventInput } from '../orders/orderEvents';
import { orderTotalCents } from '../orders/orderTable';
import { appointmentForEmail, type AppointmentInEmail } from '../appointments/appointmentEmail';
import type { EmailLine } from './emailCopy';

/**
 * The emails table's owner: the store's outbox (issue 31). `queueOrderEmails` runs inside the
 * transaction of every order transition (it subscribes to the order events, `orderEmails.ts`),
 * so an email exists exactly when its change committed; the job that sends it (graphile-worker, `emailWorker.ts`) is added in
 * the same transaction and carries only the email's id.
 */

export const EMAIL_KINDS = EMAIL_KIND_NAMES;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The graphile-worker task that sends one email. */
export const SEND_EMAIL_TASK = 'send_email';

/** What an email says, taken when its change committed. */
export interface EmailData {
  buyerName: string;
  buyerEmail: string;
  address: string;
  fittingDate: string | null;
  /** The fitting appointment the checkout booked (issue 48), if any. */
  appointment?: AppointmentInEmail | null;
  lines: EmailLine[];
  /** What the lines cost together, with the charges. */
  totalCents: number;
  /** The orders' currency when not the spec's dollars (a checkout priced in a market). */
  currency?: string;
  /** Services, fees, delivery and added tax on the orders (issue 46), when any. */
  chargesCents?: number;
  /** What each promotion took off the orders (issue 49), by its label (name and code). */
  discounts?: EmailDiscount[];
  /** The checkout's receipt page (a path), for a checkout priced in a market. */
  receipt?: string | null;
  shipment?: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  /** Money given back by this change (a refund, a cancel, a return received), or not (failed). */
  amountCents?: number | null;
  /** The reason given (a cancel or a refund), or why a refund failed. */
  note?: string | null;
  /** Who wrote `note`: a shopper's words are shown quoted, as the store's never are. */
  noteBy?: 'shopper' | 'store' | null;
  /** A guest checkout's: its number, and the link (path and key) that opens it without signing in. */
  guest?: { orderNumber: string; link: string } | null;
}

/** A promotion's discount on an email's orders, in minor units (above zero). */
export interface EmailDiscount {
  label: string;
  cents: number;
}

type OrderForEmail = typeof orders.$inferSelect & {
  category: string | null;
  /** Its checkout's discount lines (each below zero), as priced. */
  discountLines: Array<{ label: string; amountMinor: number }>;
};

interface Planned {
  kind: EmailKind;
  audience: 'shopper' | 'admins';
  orderId: string;
  checkoutId: string | null;
  recipient: string | null;
  data: EmailData;
}

const lineOf = (order: OrderForEmail): EmailLine => ({
  orderId: order.id,
  name: order.productName,
  quantity: order.quantity,
  unitCents: order.priceCents,
  category: order.category,
});

/** A checkout priced in a market: its currency, the charges and its receipt; else nothing. */
function pricedIn(group: OrderForEmail[]): Partial<EmailData> {
  const first = group[0]!;
  const discounts = new Map<string, number>();
  for (const line of group.flatMap((order) => order.discountLines)) {
    discounts.set(line.label, (discounts.get(line.label) ?? 0) - line.amountMinor);
  }
  const discountCents = [...discounts.values()].reduce((sum, cents) => sum + cents, 0);
  // An order's charges take its discounts off: the charges shown are what was added.
  const chargesCents = group.reduce((sum, order) => sum + order.chargesMinor, 0) + discountCents;
  if (first.currency === 'USD' && chargesCents === 0 && discountCents === 0) return {};
  return {
    currency: first.currency,
    chargesCents,
    ...(discounts.size > 0
      ? { discounts: [...discounts].map(([label, cents]) => ({ label, cents })) }
      : {}),
    receipt: first.checkoutId ? `/checkout/${first.checkoutId}/receipt` : null,
  };
}

function dataOf(group: OrderForEmail[], extra: Partial<EmailData> = {}): EmailData {
  const first = group[0]!;
  return {
    buyerName: first.name,
    // The verified address the order was placed with, never the account's email of today (it
    // may have changed since to an address nobody verified).
    buyerEmail: first.email,
    address: first.address,
    fittingDate: first.fittingDate,
    // By name, as the checkout lists them: the same email however the rows came back.
    lines: group.map(lineOf).sort((a, b) => a.name.localeCompare(b.name)),
    totalCents: group.reduce((sum, order) => sum + orderTotalCents(order), 0),
    ...pricedIn(group),
    ...extra,
  };
}

/**
 * Which emails these events send: a checkout's (or a lone order's) payments one confirmation
 * to the buyer and one "to ship" to the admins; a shipment, a delivery, a cancel, a refund and a
 * received return one email each. A shopper cancelling an unpaid order of their own hears
 * nothing (nothing was charged, they did it); asking for a return sends nothing either. A refund
 * that failed is the admins' to act on: one email to them.
 */
function plan(events: EventInput[], byId: Map<string, OrderForEmail>): Planned[] {
  const planned: Planned[] = [];
  const paidGroups = new Map<string, OrderForEmail[]>();
  for (const event of events) {
    const order = byId.get(event.orderId);
    if (!order) continue;
    const shopper = (kind: EmailKind, extra: Partial<EmailData> = {}) =>
      planned.push({
        kind,
        audience: 'shopper',
        orderId: order.id,
        checkoutId: order.checkoutId,
        recipient: order.email,
        data: dataOf([order], extra),
      });
    switch (event.action) {
      case 'pay': {
        const key = order.checkoutId ?? order.id;
        paidGroups.set(key, [...(paidGroups.get(key) ?? []), order]);
        break;
      }
      case 'ship':
        shopper('order_shipped', {
          shipment: {
            carrier: order.carrier ?? '',
            trackingNumber: order.trackingNumber ?? '',
            trackingUrl: order.trackingUrl,
          },
        });
        break;
      case 'deliver':
        shopper('order_delivered');
        break;
      case 'cancel':
        if (event.from === 'paid' || event.actor.role !== 'shopper') {
          shopper('order_cancelled', {
            amountCents: event.amountCents ?? null,
            note: event.note,
            noteBy: event.actor.role === 'shopper' ? 'shopper' : 'store',
          });
        }
        break;
      case 'refund':
        shopper('refund_issued', {
          amountCents: event.amountCents ?? null,
          note: event.note,
          noteBy: 'store',
        });
        break;
      case 'receiveReturn':
        shopper('return_received', { amountCents: event.amountCents ?? null });
        break;
      case 'requestReturn':
        break;
      case 'refundFailed':
        // The admins act on it (refund again, or reach the customer); the order's history shows
        // it to the shopper too.
        planned.push({
          kind: 'admin_refund_failed',
          audience: 'admins',
          orderId: order.id,
          checkoutId: order.checkoutId,
          recipient: null,
          data: dataOf([order], { amountCents: event.amountCents ?? null, note: event.note }),
        });
        break;
    }
  }
  for (const group of paidGroups.values()) {
    const first = group[0]!;
    const data = dataOf(group);
    const common = { orderId: first.id, checkoutId: first.checkoutId, data };
    planned.push(
      { kind: 'order_confirmation', audience: 'shopper', recipient: data.buyerEmail, ...common },
      { kind: 'admin_to_ship', audience: 'admins', recipient: null, ...common },
    );
  }
  return planned;
}

/**
 * Writes the emails these order events send, with their jobs, in the caller's transaction.
 * The order rows are read as the transaction left them (after the change).
 */
export async function queueOrderEmails(tx: Db, events: EventInput[]): Promise<void> {
  const ids = [...new Set(events.map((event) => event.orderId))];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ order: orders, category: products.category })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(inArray(orders.id, ids))
    .orderBy(orders.productName, orders.id);
  const discountLines = await tx
    .select({
      orderId: checkoutLines.orderId,
      label: checkoutLines.label,
      amountMinor: checkoutLines.amountMinor,
    })
    .from(checkoutLines)
    .where(and(inArray(checkoutLines.orderId, ids), eq(checkoutLines.kind, 'discount')))
    .orderBy(checkoutLines.position);
  const byId = new Map<string, OrderForEmail>(
    rows.map(({ order, category }) => [
      order.id,
      { ...order, category, discountLines: discountLines.filter((l) => l.orderId === order.id) },
    ]),
  );
  const planned = plan(events, byId);
  if (planned.length === 0) return;
  for (const email of planned) {
    if (email.kind === 'order_confirmation' && email.checkoutId) {
      email.data.appointment = await appointmentForEmail(tx, email.checkoutId);
    }
  }
  await addGuestLinks(tx, planned);
  const inserted = await tx.insert(emails).values(planned).returning({ id: emails.id });
  for (const { id } of inserted) await addSendJob(tx, id, null);
}

/**
 * The job that sends email `id`, at `runAt` (now when null). Its key is the email's id: an
 * email has one job waiting at a time (a retry added by the running job replaces its key).
 */
export async function addSendJob(tx: Db, id: string, runAt: Date | null): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(
    ${SEND_EMAIL_TASK},
    json_build_object('id', ${id}::text),
    run_at := ${runAt ? runAt.toISOString() : null}::timestamptz,
    job_key := ${id}::text
  )`);
}

export type EmailRow = typeof emails.$inferSelect;

export async function findEmail(db: Db, id: string): Promise<EmailRow | null> {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  return row ?? null;
}

/** Keeps what the first rendering made, so every retry sends the same message. */
export async function saveRendered(
  db: Db,
  id: string,
  rendered: { subject: string; html: string; text: string; messageId: string; recipient: string },
): Promise<void> {
  await db
    .update(emails)
    .set(rendered)
    .where(and(eq(emails.id, id), eq(emails.status, 'queued')));
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(emails)
    .set({
      status: 'sent',
      sentAt: new Date(),
      attempts: sql`${emails.attempts} + 1`,
      nextAttemptAt: null,
    })
    .where(eq(emails.id, id));
}

/** Given up: a permanent refusal (5xx), or too many attempts. */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(emails)
    .set({
      status: 'failed',
      attempts: sql`${emails.attempts} + 1`,
      lastError: error,
      nextAttemptAt: null,
    })
    .where(eq(emails.id, id));
}

/** A failed attempt to try again at `at`: the row and its next job in one transaction. */
export async function scheduleRetry(db: Db, id: string, error: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(emails)
      .set({ attempts: sql`${emails.attempts} + 1`, lastError: error, nextAttemptAt: at })
      .where(eq(emails.id, id));
    await addSendJob(tx, id, at);
  });
}

const summary = {
  id: emails.id,
  kind: emails.kind,
  orderId: emails.orderId,
  recipient: emails.recipient,
  subject: emails.subject,
  status: emails.status,
  attempts: emails.attempts,
  lastError: emails.lastError,
  createdAt: emails.createdAt,
  sentAt: emails.sentAt,
};

/** A page of the emails of a status, newest first (what admins look at: `failed`), and the count. */
export async function listEmails(
  db: Db,
  status: EmailStatus,
  page: { limit: number; offset: number },
) {
  const [items, [total]] = await Promise.all([
    db
      .select(summary)
      .from(emails)
      .where(eq(emails.status, status))
      .orderBy(desc(emails.createdAt), desc(emails.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(emails).where(eq(emails.status, status)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export type EmailSummaryRow = Awaited<ReturnType<typeof listEmails>>['items'][number];

/**
 * An admin's "send it again" of a failed email: queued once more with a fresh count of
 * attempts and one job (key = its id), in one transaction. Only a failed email changes, so a
 * second retry, or one racing it, finds it queued and adds nothing: a queued email already has
 * its job (adding another while one runs could send it twice). `nextAttemptAt` is set so the
 * worker sends it even when it is older than the 3 days after which an unsent email is dropped.
 */
export async function retryEmail(
  db: Db,
  id: string,
  actor: AuditActor,
): Promise<{ email: EmailSummaryRow | null; requeued: boolean }> {
  return db.transaction(async (tx) => {
    const [requeued] = await tx
      .update(emails)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()` })
      .where(and(eq(emails.id, id), eq(emails.status, 'failed')))
      .returning({ id: emails.id });
    if (requeued) {
      await addSendJob(tx, id, null);
      await recordAudit(tx, actor, [
        {
          kind: 'email',
          action: 'send again',
          objectType: 'email',
          objectId: id,
          before: { status: 'failed' },
          after: { status: 'queued' },
        },
      ]);
    }
    const [email] = await tx.select(summary).from(emails).where(eq(emails.id, id));
    return { email: email ?? null, requeued: Boolean(requeued) };
  });
}

/** These workers (graphile-worker ids of this process) are alive now. */
export async function heartbeat(db: Db, workerIds: string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await db
    .insert(emailWorkers)
    .values(workerIds.map((workerId) => ({ workerId })))
    .onConflictDoUpdate({ target: emailWorkers.workerId, set: { seenAt: sql`now()` } });
}

/**
 * The workers holding a job of `task` that nobody has seen for `timeoutSeconds`: their process
 * is gone. A worker counts as alive only by a fresh heartbeat, so one never recorded (its
 * process killed before its first heartbeat) is gone too once its lock is that old; a live one
 * records itself as it is made, long before.
 */
export async function goneWorkers(db: Db, task: string, timeoutSeconds: number): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct jobs.locked_by
    from graphile_worker.jobs as jobs
    where jobs.task_identifier = ${task}
      and jobs.locked_by is not null
      and jobs.locked_at < now() - make_interval(secs => ${timeoutSeconds})
      and not exists (
        select 1 from ${emailWorkers} as alive
        where alive.worker_id = jobs.locked_by
          and alive.seen_at >= now() - make_interval(secs => ${timeoutSeconds})
      )`);
  return (result as unknown as { rows: Array<{ locked_by: string }> }).rows.map(
    (row) => row.locked_by,
  );
}

/** Workers stopped or gone: not alive any more. */
export async function forgetWorkers(db: Db, workerIds: string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await db.delete(emailWorkers).where(inArray(emailWorkers.workerId, workerIds));
}
