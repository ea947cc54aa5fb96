import { desc, eq, sql } from 'drizzle-orm';
import type { Identity } from '../auth/guards';
import type { CreateOrderBody, Order } from '../contract/orders';
import type { Db } from '../db/client';
import { fromDriverRow } from '../db/rows';
import { orders, payments, products } from '../db/schema';
import { HttpError } from '../http/errors';

type OrderRow = typeof orders.$inferSelect;

/** The spec's refusal when the stock cannot cover the order (its wording, kept verbatim). */
export const STOCK_MESSAGE = 'please input a Available quantity';

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.productId,
    ProductName: row.productName,
    price: row.priceCents / 100,
    name: row.name,
    email: row.email,
    address: row.address,
    number: row.number,
    quantity: row.quantity,
    paid: row.paid,
    transactionId: row.transactionId,
  };
}

export function orderTotalCents(row: Pick<OrderRow, 'priceCents' | 'quantity'>): number {
  return row.priceCents * row.quantity;
}

/**
 * Places an order: name and price from the product, stock reserved by one conditional update.
 * Reservation and insert are one statement, so they commit together (PostgreSQL runs a lone
 * statement as its own transaction) and concurrent orders can never take more than the spec's
 * rule allows. One statement instead of a BEGIN/UPDATE/INSERT/COMMIT round trip is what lets
 * PGlite take a few hundred orders a second.
 */
export async function placeOrder(
  db: Db,
  buyer: Identity,
  body: CreateOrderBody,
): Promise<OrderRow> {
  if (body.email && body.email.toLowerCase() !== buyer.email) {
    throw new HttpError(403, 'An order is always placed for your own email.');
  }
  // The spec's rule: refuse when available - orderquantity < quantity.
  const result = await db.execute(sql`
    with reserved as (
      update ${products}
      set available_quantity = available_quantity - ${body.quantity}
      where id = ${body.productId} and available_quantity - order_quantity >= ${body.quantity}
      returning id, name, price_cents
    )
    insert into ${orders}
      (product_id, product_name, price_cents, name, email, address, number, quantity)
    select id, name, price_cents, ${body.name.trim()}, ${buyer.email}, ${body.address.trim()},
      ${body.number.trim()}, ${body.quantity}
    from reserved
    returning *`);
  const [placed] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (placed) return fromDriverRow(orders, placed);

  const [exists] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, body.productId));
  if (!exists) throw new HttpError(404, 'No product with this id.');
  throw new HttpError(409, STOCK_MESSAGE);
}

export async function listOrders(db: Db, email: string | null): Promise<OrderRow[]> {
  const query = db.select().from(orders);
  const filtered = email ? query.where(eq(orders.email, email)) : query;
  return filtered.orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The order, if the caller may see it: its owner or an admin. */
export async function findVisibleOrder(db: Db, caller: Identity, id: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new HttpError(404, 'No order with this id.');
  if (caller.role !== 'admin' && order.email !== caller.email) {
    throw new HttpError(403, 'This order belongs to someone else.');
  }
  return order;
}

/**
 * Deletes the caller's own unpaid order and gives its stock back, atomically. Returns the
 * product whose stock came back.
 */
export async function deleteUnpaidOrder(db: Db, caller: Identity, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new HttpError(404, 'No order with this id.');
    if (order.email !== caller.email)
      throw new HttpError(403, 'This order belongs to someone else.');
    if (order.paid) throw new HttpError(409, 'This order is paid and can no longer be deleted.');
    await tx.delete(orders).where(eq(orders.id, id));
    await tx
      .update(products)
      .set({ availableQuantity: sql`${products.availableQuantity} + ${order.quantity}` })
      .where(eq(products.id, order.productId));
    return order.productId;
  });
}

/**
 * Marks an order paid by a succeeded PaymentIntent. Safe to repeat and to race: the order row is
 * locked, a second call with the same intent changes nothing, another intent is refused.
 */
export async function markOrderPaid(
  db: Db,
  payment: { orderId: string; intentId: string; amountCents: number },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for('update');
    if (!order) throw new HttpError(404, 'No order with this id.');
    if (order.paid) {
      if (order.transactionId === payment.intentId) return order;
      throw new HttpError(409, 'This order is already paid.');
    }
    if (payment.amountCents !== orderTotalCents(order)) {
      throw new HttpError(409, 'The payment does not match the order total.');
    }
    const [paid] = await tx
      .update(orders)
      .set({ paid: true, transactionId: payment.intentId })
      .where(eq(orders.id, order.id))
      .returning();
    await tx
      .update(payments)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(eq(payments.intentId, payment.intentId));
    if (!paid) throw new Error('order update returned nothing');
    return paid;
  });
}
