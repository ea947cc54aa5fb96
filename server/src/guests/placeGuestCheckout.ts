import { sql } from 'drizzle-orm';
import type { GuestCheckoutBody } from '../../../contract/guests';
import { GUEST_HOLD_SECONDS } from '../../../contract/guests';
import { placeCheckout, type CheckoutRules } from '../checkout/placeCheckout';
import { priceCheckout } from '../markets/checkoutPricing';
import type { TaxProvider } from '../tax/taxProvider';
import type { CheckoutRow } from '../checkout/checkoutTable';
import type { Db } from '../db/client';
import { guestCheckouts } from '../db/schema';
import { Conflict, Invalid } from '../domainErrors';
import type { OrderRow } from '../orders/orderTable';
import type { WrittenPricing } from '../markets/pricingView';
import { guestBuyer, lockGuest } from './guestBuyers';
import { mintGuestLink } from './guestLinks';
import { guestWords } from './guestWords';

/**
 * A guest's checkout: the bag the browser sends becomes the guest email's bag lines, and the
 * account's checkout (`placeCheckout`, the database function `place_checkout`) places it, with
 * the account's prices, market, taxes, fees, stock, held-units, fitting and appointment rules, in
 * one transaction: refused, and nothing is written, the bag lines included. What only guests have: the hold is
 * GUEST_HOLD_SECONDS at most, and one unpaid guest checkout at a time per email and per browser.
 */
export async function placeGuestCheckout(
  db: Db,
  body: GuestCheckoutBody,
  browser: string,
  rules: CheckoutRules,
  taxProvider: TaxProvider,
): Promise<{
  checkout: CheckoutRow;
  orders: OrderRow[];
  pricing?: WrittenPricing;
  email: string;
  key: string;
}> {
  const holdSeconds = Math.min(rules.holds.holdSeconds, GUEST_HOLD_SECONDS);
  const guestRules = { ...rules, holds: { ...rules.holds, holdSeconds } };
  const productIds = body.items.map((item) => item.productId);
  if (new Set(productIds).size !== productIds.length) throw new Invalid(guestWords.twiceInBag);
  return db.transaction(async (tx) => {
    const buyer = await guestBuyer(tx, body.email);
    await lockGuest(tx, buyer, browser);
    if (await hasOpenCheckout(tx, buyer.email, browser)) {
      throw new Conflict(guestWords.openCheckout(holdSeconds));
    }
    await fillBag(tx, buyer.userId, body.items);
    const { email: _email, items: _items, ...form } = body;
    // Priced from the bag lines just written, so in this transaction (they are its own), the
    // market read in it too: the markets' cache would ask the pool for a connection meanwhile.
    const priced = await priceCheckout(tx, taxProvider, buyer.userId, form);
    const placed = await placeCheckout(tx, buyer, form, guestRules, priced);
    await tx
      .insert(guestCheckouts)
      .values({ checkoutId: placed.checkout.id, email: buyer.email, browser });
    const key = await mintGuestLink(tx, placed.checkout.id);
    return { ...placed, email: buyer.email, key };
  });
}

/** An unpaid guest checkout of this email or browser that still holds its stock. */
async function hasOpenCheckout(tx: Db, email: string, browser: string): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from guest_checkouts g join orders o on o.checkout_id = g.checkout_id
    where (g.email = ${email} or g.browser = ${browser})
      and not o.paid and not o.hold_released and o.hold_until > now() and o.status <> 'cancelled'
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The guest's bag lines, at today's prices (the bag's "price changed" needs no history here). */
async function fillBag(tx: Db, userId: string, items: GuestCheckoutBody['items']): Promise<void> {
  await tx.execute(sql`delete from bag_items where user_id = ${userId}`);
  if (items.length === 0) return;
  const result = await tx.execute(sql`
    insert into bag_items (user_id, product_id, quantity, price_cents_added)
    select ${userId}, p.id, l.quantity, p.price_cents
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as l("productId" uuid, quantity int)
    join products p on p.id = l."productId"`);
  if ((result as unknown as { rowCount: number }).rowCount !== items.length) {
    throw new Conflict(guestWords.unknownProduct);
  }
}
