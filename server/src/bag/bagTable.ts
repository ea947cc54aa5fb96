import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Bag, MergeBagBody } from '../../../contract/bag';
import {
  BAG_FULL,
  bagLineProblem,
  mergedLess,
  mergedNoMore,
  mergedRetired,
  onlyLeft,
} from '../../../contract/bagRules';
import { copy } from '../../../contract/copy';
import { BAG_LINE_QUANTITY, BAG_LINES_MAX } from '../../../contract/quantities';
import { refusals } from '../refusals';
import { unitsOrderable } from '../../../contract/stockRule';
import type { Db } from '../db/client';
import { bagItems, products } from '../db/schema';
import { Conflict, NotFound } from '../domainErrors';

/** The bag_items table's owner: every read and write of a shopper's bag goes through here. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Units of a product that can be ordered now (the stock rule, read from a products row). */
const orderable = (product: { availableQuantity: number; orderQuantity: number }) =>
  unitsOrderable({
    availablequantity: product.availableQuantity,
    orderquantity: product.orderQuantity,
  });

/**
 * One account's bag changes one request at a time, so the line limit holds under races (and a
 * checkout reads the bag it empties: `place_checkout` takes the same lock, db/functions/place_checkout.sql).
 */
export const lockBag = (tx: Tx | Db, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(7351003, hashtext(${userId}))`);

/** The account's bag, oldest line first, each line checked against today's catalogue. */
export async function readBag(db: Db | Tx, userId: string, notices: string[] = []): Promise<Bag> {
  const rows = await db
    .select({
      productId: bagItems.productId,
      quantity: bagItems.quantity,
      priceCentsAdded: bagItems.priceCentsAdded,
      name: products.name,
      img: products.img,
      priceCents: products.priceCents,
      status: products.status,
      availableQuantity: products.availableQuantity,
      orderQuantity: products.orderQuantity,
    })
    .from(bagItems)
    .innerJoin(products, eq(products.id, bagItems.productId))
    .where(eq(bagItems.userId, userId))
    .orderBy(asc(bagItems.addedAt), asc(bagItems.productId));
  const items = rows.map((row) => {
    const available = orderable(row);
    return {
      productId: row.productId,
      name: row.name,
      price: row.priceCents / 100,
      priceWhenAdded: row.priceCentsAdded / 100,
      quantity: row.quantity,
      availablequantity: available,
      img: row.img,
      status: row.status,
      problem: bagLineProblem({ ...row, orderable: available }),
    };
  });
  const totalCents = rows.reduce((sum, row) => sum + row.priceCents * row.quantity, 0);
  return { items, total: totalCents / 100, notices };
}

async function productFor(tx: Tx, productId: string) {
  const [product] = await tx
    .select({
      name: products.name,
      priceCents: products.priceCents,
      status: products.status,
      availableQuantity: products.availableQuantity,
      orderQuantity: products.orderQuantity,
    })
    .from(products)
    .where(eq(products.id, productId));
  return product ?? null;
}

async function lineCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ lines: count() })
    .from(bagItems)
    .where(eq(bagItems.userId, userId));
  return row?.lines ?? 0;
}

async function hasLine(tx: Tx, userId: string, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ quantity: bagItems.quantity })
    .from(bagItems)
    .where(and(eq(bagItems.userId, userId), eq(bagItems.productId, productId)));
  return row !== undefined;
}

/** Writes a line at today's price, so the bag stops saying the price changed. */
function upsertLine(tx: Tx, userId: string, productId: string, quantity: number, cents: number) {
  return tx
    .insert(bagItems)
    .values({ userId, productId, quantity, priceCentsAdded: cents })
    .onConflictDoUpdate({
      target: [bagItems.userId, bagItems.productId],
      set: { quantity, priceCentsAdded: cents },
    });
}

/**
 * Sets a line's quantity (0 removes it). Refuses what checkout would refuse: a product the store
 * does not sell, more than can be ordered now, and a line beyond the bag's limit.
 */
export async function setBagLine(
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
): Promise<Bag> {
  return db.transaction(async (tx) => {
    await lockBag(tx, userId);
    if (quantity === 0) {
      await tx
        .delete(bagItems)
        .where(and(eq(bagItems.userId, userId), eq(bagItems.productId, productId)));
      return readBag(tx, userId);
    }
    const product = await productFor(tx, productId);
    if (!product) throw new NotFound(refusals.product.none);
    if (product.status === 'retired') throw new Conflict(copy.bag.retired);
    const units = orderable(product);
    if (units === 0) throw new Conflict(copy.bag.soldOut);
    if (quantity > units) throw new Conflict(onlyLeft(units));
    if (!(await hasLine(tx, userId, productId)) && (await lineCount(tx, userId)) >= BAG_LINES_MAX) {
      throw new Conflict(BAG_FULL);
    }
    await upsertLine(tx, userId, productId, quantity, product.priceCents);
    return readBag(tx, userId);
  });
}

/** Removes a line; removing one that is not there changes nothing. */
export async function removeBagLine(db: Db, userId: string, productId: string): Promise<Bag> {
  return setBagLine(db, userId, productId, 0);
}

/**
 * Adds a guest's bag to the account's (at sign-in): quantities are added, capped at what can be
 * ordered now and at an order's limit; what could not be added as asked is said in `notices`.
 */
export async function mergeBag(db: Db, userId: string, body: MergeBagBody): Promise<Bag> {
  // The same product twice in the guest's bag is one line with both quantities.
  const asked = new Map<string, number>();
  for (const item of body.items) {
    asked.set(item.productId, (asked.get(item.productId) ?? 0) + item.quantity);
  }
  return db.transaction(async (tx) => {
    await lockBag(tx, userId);
    const notices: string[] = [];
    const ids = [...asked.keys()];
    // One read of the products and one of the lines the account has: a merge is one request.
    const known = new Map(
      (ids.length === 0
        ? []
        : await tx
            .select({
              id: products.id,
              name: products.name,
              priceCents: products.priceCents,
              status: products.status,
              availableQuantity: products.availableQuantity,
              orderQuantity: products.orderQuantity,
            })
            .from(products)
            .where(inArray(products.id, ids))
      ).map((product) => [product.id, product]),
    );
    const had = new Map(
      (
        await tx
          .select({ productId: bagItems.productId, quantity: bagItems.quantity })
          .from(bagItems)
          .where(eq(bagItems.userId, userId))
      ).map((line) => [line.productId, line.quantity]),
    );
    let lines = had.size;
    const writes: { productId: string; quantity: number; cents: number }[] = [];
    for (const [productId, quantity] of asked) {
      const product = known.get(productId);
      if (!product) {
        notices.push(copy.bag.goneFromStore);
        continue;
      }
      if (product.status === 'retired') {
        notices.push(mergedRetired(product.name));
        continue;
      }
      const before = had.get(productId) ?? 0;
      const wanted = before + quantity;
      const kept = Math.min(wanted, orderable(product), BAG_LINE_QUANTITY.max);
      // Never lower a line the account already had: the shopper chose that quantity.
      if (before > 0 && kept <= before) {
        notices.push(mergedNoMore(product.name));
        continue;
      }
      if (kept < wanted) notices.push(mergedLess(product.name, wanted, kept));
      if (kept === 0) continue;
      if (before === 0 && lines >= BAG_LINES_MAX) {
        notices.push(`${product.name}: ${BAG_FULL}`);
        continue;
      }
      if (before === 0) lines += 1;
      writes.push({ productId, quantity: kept, cents: product.priceCents });
    }
    if (writes.length > 0) {
      await tx
        .insert(bagItems)
        .values(
          writes.map((line) => ({
            userId,
            productId: line.productId,
            quantity: line.quantity,
            priceCentsAdded: line.cents,
          })),
        )
        .onConflictDoUpdate({
          target: [bagItems.userId, bagItems.productId],
          set: {
            quantity: sql`excluded.quantity`,
            priceCentsAdded: sql`excluded.price_cents_added`,
          },
        });
    }
    return readBag(tx, userId, notices);
  });
}
