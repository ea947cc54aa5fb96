import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fromDriverRow } from '../db/rows';
import { checkouts, orders } from '../db/schema';
import type { CheckoutRow } from '../checkout/checkoutTable';
import type { OrderRow } from '../orders/orderTable';
import type { checkoutLines } from './marketSchema';

/** What a priced checkout writes once its orders are placed (checkoutPricing.applyPricing). */
export interface PricingWrite {
  checkoutId: string;
  /** The orders in the order they are answered. */
  orderIds: string[];
  prices: { id: string; priceCents: number; chargesMinor: number }[];
  lines: (typeof checkoutLines.$inferInsert)[];
  checkout: {
    market: string;
    currency: string;
    country: string;
    region: string | null;
    taxIncluded: boolean;
    taxMinor: number;
    taxProvider: string;
    totalCents: number;
  };
}

/**
 * The orders' market prices and charges, the checkout's lines and its market, tax and total,
 * written in one statement: it runs while the checkout's product rows are locked, and each round
 * trip more would keep every other order of those products waiting.
 */
export async function writePricing(
  tx: Db,
  write: PricingWrite,
): Promise<{ checkout: CheckoutRow; orders: OrderRow[] }> {
  const { checkout } = write;
  const result = await tx.execute(sql`
    with prices as (
      select * from jsonb_to_recordset(${JSON.stringify(write.prices)}::jsonb)
        as p(id uuid, "priceCents" integer, "chargesMinor" integer)
    ), priced_orders as (
      update orders o set price_cents = p."priceCents", currency = ${checkout.currency},
        charges_minor = p."chargesMinor"
      from prices p where o.id = p.id
      returning o.*
    ), lines as (
      insert into checkout_lines (checkout_id, position, order_id, kind, tax_kind, label,
        quantity, unit_minor, amount_minor, tax_rate, tax_minor)
      select l."checkoutId", l.position, l."orderId", l.kind, l."taxKind", l.label, l.quantity,
        l."unitMinor", l."amountMinor", l."taxRate", l."taxMinor"
      from jsonb_to_recordset(${JSON.stringify(write.lines)}::jsonb) as l("checkoutId" uuid,
        position integer, "orderId" uuid, kind text, "taxKind" text, label text,
        quantity integer, "unitMinor" integer, "amountMinor" integer, "taxRate" numeric,
        "taxMinor" integer)
    ), priced_checkout as (
      update checkouts set market = ${checkout.market}, currency = ${checkout.currency},
        country = ${checkout.country}, region = ${checkout.region},
        tax_included = ${checkout.taxIncluded}, tax_minor = ${checkout.taxMinor},
        tax_provider = ${checkout.taxProvider}, total_cents = ${checkout.totalCents}
      where id = ${write.checkoutId}
      returning *
    )
    select (select to_jsonb(c) from priced_checkout c) as checkout,
      (select coalesce(jsonb_agg(to_jsonb(o)), '[]') from priced_orders o) as orders`);
  const [row] = (
    result as unknown as {
      rows: [{ checkout: Record<string, unknown>; orders: Record<string, unknown>[] }];
    }
  ).rows;
  const byId = new Map(
    row.orders.map((raw) => {
      const order = fromDriverRow(orders, raw);
      return [order.id, order] as const;
    }),
  );
  return {
    checkout: fromDriverRow(checkouts, row.checkout),
    orders: write.orderIds.map((id) => byId.get(id)!),
  };
}
