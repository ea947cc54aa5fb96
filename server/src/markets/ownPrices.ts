import { and, eq, inArray } from 'drizzle-orm';
import type { Market } from '../../../contract/markets';
import { marketCopy } from '../../../contract/marketCopy';
import { products } from '../db/schema';
import { Invalid, NotFound } from '../domainErrors';
import { listMarkets } from './marketTable';
import {
  hasOwnPrices,
  marketPriceColumn,
  marketPriceText,
} from '../../../contract/marketPriceColumns';
import type { HistoryAction } from '../../../contract/catalogTerms';
import { recordChanges, type Actor, type AuditedFields } from '../catalog/productHistory';
import type { Db } from '../db/client';
import { refusals } from '../refusals';
import type { DbOrTx } from '../catalog/productTable';
import { marketPrices } from './marketSchema';

/**
 * A product's own prices per market, changed the one way whatever asks (the API, the product
 * form, the catalogue CSV): written in the caller's transaction with the product's history and
 * the audit trail (`price_DE: 81.99 → 84.99`, major units as the product's `price`; null, no
 * price of its own). Each row changed tells the server's kept pages (migration 0042).
 */

/** Own prices by product, then by market code (minor units). */
export type OwnPrices = Map<string, Map<string, number>>;

/** The own prices of these products in every market. */
export async function ownPricesOf(db: DbOrTx, productIds: readonly string[]): Promise<OwnPrices> {
  const own: OwnPrices = new Map();
  if (productIds.length === 0) return own;
  const rows = await db
    .select()
    .from(marketPrices)
    .where(inArray(marketPrices.productId, [...productIds]));
  for (const row of rows) {
    const byMarket = own.get(row.productId) ?? new Map<string, number>();
    byMarket.set(row.market, row.priceMinor);
    own.set(row.productId, byMarket);
  }
  return own;
}

/** Own prices asked for, by market code: minor units, or null for none (the conversion rule). */
export type WantedPrices = Readonly<Record<string, number | null>>;

/** The markets whose own price `wanted` changes from `current`. */
export function changedMarkets(
  current: ReadonlyMap<string, number> | undefined,
  wanted: WantedPrices,
): string[] {
  return Object.entries(wanted)
    .filter(([code, minor]) => (current?.get(code) ?? null) !== minor)
    .map(([code]) => code);
}

/**
 * Sets (or takes away) a product's own prices in the markets `wanted` names, and keeps the change
 * in its history as `action`; false when nothing changed. The markets must be the store's.
 */
export async function changeOwnPrices(
  tx: DbOrTx,
  actor: Actor,
  productId: string,
  wanted: WantedPrices,
  markets: readonly Market[],
  action: HistoryAction,
  current?: ReadonlyMap<string, number>,
): Promise<boolean> {
  const was = current ?? (await ownPricesOf(tx, [productId])).get(productId);
  const codes = changedMarkets(was, wanted);
  if (codes.length === 0) return false;
  const before: AuditedFields = {};
  const after: AuditedFields = {};
  for (const code of codes) {
    const market = markets.find((one) => one.code === code);
    if (!market) throw new Error(`no market ${code}`);
    const minor = wanted[code]!;
    const major = (value: number | null | undefined) =>
      value === null || value === undefined
        ? null
        : Number(marketPriceText(value, market.currency));
    before[marketPriceColumn(code)] = major(was?.get(code));
    after[marketPriceColumn(code)] = major(minor);
    if (minor === null) {
      await tx
        .delete(marketPrices)
        .where(and(eq(marketPrices.productId, productId), eq(marketPrices.market, code)));
    } else {
      await tx
        .insert(marketPrices)
        .values({ productId, market: code, priceMinor: minor })
        .onConflictDoUpdate({
          target: [marketPrices.productId, marketPrices.market],
          set: { priceMinor: minor, updatedAt: new Date() },
        });
    }
  }
  await recordChanges(tx, actor, [
    {
      productId,
      action,
      before,
      after,
    },
  ]);
  return true;
}

/**
 * An admin's own prices for one product (the API, the product form): every market named must be
 * one with prices of its own, the product must exist. False when nothing changed.
 */
export async function setOwnPrices(
  tx: Db,
  actor: Actor,
  productId: string,
  wanted: WantedPrices,
): Promise<boolean> {
  const markets = await listMarkets(tx);
  for (const code of Object.keys(wanted)) {
    const market = markets.find((one) => one.code === code);
    if (!market)
      throw new NotFound(marketCopy.refused.unknownMarket(code), marketPriceColumn(code));
    if (!hasOwnPrices(market)) {
      throw new Invalid(refusals.ownPrices.noOwnPrices(code), marketPriceColumn(code));
    }
  }
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    // One change at a time per product, as the import locks it: its history's "before" holds.
    .for('no key update');
  if (!product) throw new NotFound(refusals.product.none);
  return changeOwnPrices(tx, actor, productId, wanted, markets, 'edit');
}
