import type { Product } from './products';

/**
 * The spec's stock rule, written once for the order modal, the API and the catalogue's search:
 * an order may take only the units above the product's minimum order quantity. A retired
 * product takes no order whatever its stock (its status, beside this rule).
 * Its twins in SQL, which cannot call this: the search's in-stock condition
 * (catalog/productSearchSql.ts) and the reserving UPDATE of the database function `place_order`
 * (migration 0011). server/test/stockRule.test.ts holds all three equal over a table of cases.
 */

/** The numbers the rule reads. */
export type Stock = Pick<Product, 'availablequantity' | 'orderquantity'>;

/** Units above the minimum: negative when the stock is below it. */
const aboveMinimum = (stock: Stock) => stock.availablequantity - stock.orderquantity;

/** The spec's stock rule: refuse when available - orderquantity < quantity. */
export function stockRefuses(stock: Stock, quantity: number): boolean {
  return aboveMinimum(stock) < quantity;
}

/**
 * Some unit can be ordered: what the shop's "in stock" filter keeps (for whole units, the rule
 * lets an order of one through).
 */
export function canBeOrdered(stock: Stock): boolean {
  return aboveMinimum(stock) > 0;
}

/** How many units the rule lets orders take now (0 when none). */
export function unitsOrderable(stock: Stock): number {
  return Math.max(0, aboveMinimum(stock));
}

/**
 * Add Product's and an edit's rule: a product whose stock is not zero must have a unit above
 * its minimum, or nobody could ever order it.
 */
export function stockedButUnorderable(stock: Stock): boolean {
  return stock.availablequantity !== 0 && !canBeOrdered(stock);
}
