import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emails, guestCheckouts, orders, products } from '../db/schema';
import { addSendJob, type EmailData } from '../emails/emailTable';
import { guestOrderPath, mintGuestLink } from './guestLinks';

/** At most one link email per checkout this often, however often it is asked for. */
export const FIND_ORDER_EMAIL_EVERY_SECONDS = 120;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Find my order: when `orderNumber` is a guest checkout placed with `email` (its number, or one
 * of its orders' ids) and paid for, a new link to it is emailed to that address through the
 * outbox (a checkout nobody paid emails nothing: whoever placed it has its key already). Nothing
 * is answered either way: the caller learns nothing about which emails ordered what.
 */
export async function emailOrderLink(db: Db, email: string, orderNumber: string): Promise<void> {
  const number = orderNumber.trim();
  if (!UUID.test(number)) return;
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ checkoutId: guestCheckouts.checkoutId })
      .from(guestCheckouts)
      .where(
        and(
          eq(guestCheckouts.email, address),
          sql`(${guestCheckouts.checkoutId} = ${number}::uuid or exists (
            select 1 from ${orders} where ${orders.id} = ${number}::uuid
              and ${orders.checkoutId} = ${guestCheckouts.checkoutId}))`,
          // Paid for: the confirmation went to this address already. An unpaid checkout's
          // email is anyone's, and its name and address anyone's words.
          sql`exists (select 1 from ${orders} where ${orders.checkoutId} = ${guestCheckouts.checkoutId}
              and ${orders.paid})`,
        ),
      );
    if (!guest) return;
    await tx.execute(sql`select pg_advisory_xact_lock(7351012, hashtext(${guest.checkoutId}))`);
    const [recent] = await tx
      .select({ id: emails.id })
      .from(emails)
      .where(
        and(
          eq(emails.checkoutId, guest.checkoutId),
          eq(emails.kind, 'guest_order_link'),
          gt(
            emails.createdAt,
            sql`now() - make_interval(secs => ${FIND_ORDER_EMAIL_EVERY_SECONDS})`,
          ),
        ),
      );
    if (recent) return;
    const rows = await tx
      .select({ order: orders, category: products.category })
      .from(orders)
      .leftJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.checkoutId, guest.checkoutId))
      .orderBy(orders.productName, orders.id);
    const first = rows[0]?.order;
    if (!first) return;
    const key = await mintGuestLink(tx, guest.checkoutId);
    const data: EmailData = {
      buyerName: first.name,
      buyerEmail: address,
      address: first.address,
      fittingDate: first.fittingDate,
      lines: rows.map(({ order, category }) => ({
        orderId: order.id,
        name: order.productName,
        quantity: order.quantity,
        unitCents: order.priceCents,
        category,
      })),
      totalCents: rows.reduce((sum, { order }) => sum + order.priceCents * order.quantity, 0),
      guest: { orderNumber: guest.checkoutId, link: guestOrderPath(guest.checkoutId, key) },
    };
    const [inserted] = await tx
      .insert(emails)
      .values({
        kind: 'guest_order_link',
        audience: 'shopper',
        orderId: first.id,
        checkoutId: guest.checkoutId,
        recipient: address,
        data,
      })
      .returning({ id: emails.id });
    await addSendJob(tx, inserted!.id, null);
  });
}
