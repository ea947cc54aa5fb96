import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { appointmentInEmail } from '../appointments/appointmentEmail';
import { appointments } from '../appointments/appointmentSchema';
import { LIVE } from '../appointments/appointmentTable';
import type { Db } from '../db/client';
import { emails, orders, products } from '../db/schema';
import { findCentre } from '../fittingCentres/centreTable';
import { addSendJob, type EmailData } from './emailTable';

/**
 * The day-before reminder of each fitting appointment, through the outbox: a sweep finds the
 * booked, paid appointments starting within REMIND_BEFORE_MS that were not reminded yet, and
 * writes each one's email and its mark in one transaction, rows locked and skipped by a sweep
 * of another process, so an appointment is reminded exactly once.
 */

export const REMIND_BEFORE_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 60_000;

/** Writes the reminders due now; answers how many. */
export async function queueFittingReminders(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.status, 'booked'),
          isNull(appointments.remindedAt),
          gt(appointments.startsAt, now),
          lte(appointments.startsAt, new Date(now.getTime() + REMIND_BEFORE_MS)),
          LIVE,
          // Paid: an unpaid hold is minutes long, and a reminder for it would mislead.
          sql`exists (select 1 from orders o
            where o.checkout_id = "appointments"."checkout_id" and o.paid)`,
        ),
      )
      .for('update', { of: appointments, skipLocked: true });
    for (const appointment of due) {
      const centre = await findCentre(tx, appointment.centreId);
      const lines = await tx
        .select({ order: orders, category: products.category })
        .from(orders)
        .leftJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.checkoutId, appointment.checkoutId!))
        .orderBy(orders.productName, orders.id);
      const first = lines[0]?.order;
      if (!centre || !first) continue;
      const data: EmailData = {
        buyerName: first.name,
        buyerEmail: first.email,
        address: first.address,
        fittingDate: null,
        appointment: appointmentInEmail(appointment, centre),
        lines: lines.map(({ order, category }) => ({
          orderId: order.id,
          name: order.productName,
          quantity: order.quantity,
          unitCents: order.priceCents,
          category,
        })),
        totalCents: lines.reduce((sum, { order }) => sum + order.priceCents * order.quantity, 0),
      };
      const [email] = await tx
        .insert(emails)
        .values({
          kind: 'fitting_reminder',
          audience: 'shopper',
          orderId: first.id,
          checkoutId: appointment.checkoutId,
          recipient: first.email,
          data,
        })
        .returning({ id: emails.id });
      await tx
        .update(appointments)
        .set({ remindedAt: now })
        .where(eq(appointments.id, appointment.id));
      await addSendJob(tx, email!.id, null);
    }
    return due.length;
  });
}

/** Runs the reminder sweep every minute until the returned stop is called. */
export function startFittingReminders(db: Db, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    queueFittingReminders(db)
      .then((count) => {
        if (count > 0) log.info({ count }, 'fitting reminders queued');
      })
      .catch((err: unknown) => log.warn({ err }, 'queueing fitting reminders failed'))
      .finally(() => {
        running = false;
      });
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
