import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  max,
  min,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ProductSort, StatusFilter } from '../../../contract/catalogTerms';
import type { Product, ProductFacets } from '../../../contract/products';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import {
  CUMULATIVE_ORDER,
  FACETS,
  facetsOf,
  valuesPicked,
  type FacetName,
  type FacetValue,
  type ProductFilter,
} from './productFilter';
import { STATUS_CONDITION, toProduct } from './productTable';
import { exactFirst, suggestionFromDatabase, wordConditions } from './searchTextSql';
import { dollarRangeOf, type ShelfScale } from '../markets/shelfScale';
import { marketPrices } from '../markets/marketSchema';
import { convertedPriceSql } from '../markets/shopPrice';

/**
 * The products table's search queries (a part of its owner, productTable.ts, kept apart for
 * size): the in-memory index's rules in SQL, for when the index cannot be trusted and for the
 * back office's searches of retired products.
 */

const facetColumn = {
  category: products.category,
  season: products.season,
  width: products.width,
  aspect: products.aspect,
  rim: products.rim,
  fuel: products.labelFuel,
  wetGrip: products.labelWetGrip,
  maxNoise: products.labelNoiseDb,
  snow: products.threePeak,
  oeMark: products.oeMark,
  runFlat: products.runFlat,
  reinforced: products.reinforced,
  mudSnow: products.mudSnow,
} as const;

/**
 * The twin of the stock rule's canBeOrdered (contract/stockRule.ts), which SQL cannot call:
 * server/test/stockRule.test.ts holds them equal.
 */
const CAN_BE_ORDERED = sql`${products.availableQuantity} > ${products.orderQuantity}`;

/**
 * The filter as SQL conditions, but for those of facet `except`: the index's rules, in SQL, over
 * the products of one status (the shop's unless an admin asks for others).
 */
function conditionsOf(
  filter: ProductFilter,
  except?: FacetName | 'price',
  status: StatusFilter = 'active',
): SQL[] {
  const conditions: SQL[] = [];
  const ofStatus = STATUS_CONDITION[status];
  if (ofStatus) conditions.push(ofStatus);
  const { size } = filter.text;
  conditions.push(...wordConditions(filter.text));
  if (size) {
    conditions.push(
      eq(products.width, size.width),
      eq(products.aspect, size.aspect),
      eq(products.rim, size.rim),
    );
  }
  if (filter.sizes) {
    if (filter.sizes.length === 0) conditions.push(sql`false`);
    else {
      const tuples = filter.sizes.map(
        (size) => sql`(${size.width}::int, ${size.aspect}::int, ${size.rim}::numeric)`,
      );
      conditions.push(
        sql`(${products.width}, ${products.aspect}, ${products.rim}) in (${sql.join(tuples, sql`, `)})`,
      );
    }
  }
  for (const facet of FACETS) {
    if (facet === except) continue;
    // The label's noise is a range: one comparison its index reads, not a list of every dB.
    if (facet === 'maxNoise' && filter.maxNoiseDb !== null) {
      conditions.push(lte(products.labelNoiseDb, filter.maxNoiseDb));
      continue;
    }
    const picked = valuesPicked(filter, facet);
    if (picked.length > 0) conditions.push(inArray(facetColumn[facet], [...picked] as never[]));
  }
  if (except !== 'price') conditions.push(...priceConditions(filter));
  if (filter.inStock) conditions.push(CAN_BE_ORDERED);
  return conditions;
}

/**
 * The price range: on the dollar price, or in a market (`shelf`) on the dollar prices its rule
 * converts into the range and on the prices an admin set there (the index's rule).
 */
function priceConditions(filter: ProductFilter): SQL[] {
  const { minPriceCents: low, maxPriceCents: high, shelf } = filter;
  if (low === null && high === null) return [];
  const between = (column: typeof products.priceCents, from: number | null, to: number | null) =>
    and(...(from === null ? [] : [gte(column, from)]), ...(to === null ? [] : [lte(column, to)])) ??
    sql`true`;
  if (!shelf) return [between(products.priceCents, low, high)];
  const dollars = dollarRangeOf(shelf.convert, low, high);
  const own = [...shelf.own.keys()];
  const ownInRange = [...shelf.own]
    .filter(([, minor]) => (low === null || minor >= low) && (high === null || minor <= high))
    .map(([id]) => id);
  const converted = dollars
    ? and(
        between(products.priceCents, dollars.min, dollars.max),
        ...(own.length > 0 ? [notInArray(products.id, own)] : []),
      )
    : sql`false`;
  return [
    ownInRange.length > 0
      ? (or(converted, inArray(products.id, ownInRange)) ?? sql`false`)
      : (converted ?? sql`false`),
  ];
}

/**
 * The lowest and highest price of the products passing `conditions`: in dollars, or in the
 * market of `shelf` (own prices where set, else the converted ends), in major units.
 */
async function priceRangeFromDatabase(
  db: Db,
  conditions: SQL[],
  shelf: ShelfScale | null,
): Promise<ProductFacets['price']> {
  const own = shelf ? [...shelf.own.keys()] : [];
  const [[range], ownMatching] = await Promise.all([
    db
      .select({ low: min(products.priceCents), high: max(products.priceCents) })
      .from(products)
      .where(and(...conditions, ...(own.length > 0 ? [notInArray(products.id, own)] : []))),
    own.length > 0
      ? db
          .select({ id: products.id })
          .from(products)
          .where(and(...conditions, inArray(products.id, own)))
      : [],
  ]);
  const ends = range?.low == null || range.high == null ? [] : [range.low, range.high];
  const shown = [
    ...(shelf ? ends.map(shelf.convert) : ends),
    ...ownMatching.map((row) => shelf!.own.get(row.id)!),
  ];
  if (shown.length === 0) return null;
  return { min: Math.min(...shown) / 100, max: Math.max(...shown) / 100 };
}

/** Equal keys newest first, as the index orders them. */
const NEWEST = [desc(products.createdAt), desc(products.id)];
const ORDER_BY: Record<ProductSort, SQL[]> = {
  newest: NEWEST,
  'price-asc': [asc(products.priceCents), ...NEWEST],
  'price-desc': [desc(products.priceCents), ...NEWEST],
  name: [sql`lower(${products.name}) collate "C"`, ...NEWEST],
};

/**
 * A product's shelf price in the market of `shelf` (the index's rule): its own price there,
 * else its dollar price converted. The columns named in full: drizzle writes a one-table
 * select's columns without their table, which the subquery would read as its own.
 */
const shelfPriceSql = (shelf: ShelfScale) =>
  sql`coalesce((select own.price_minor from ${marketPrices} own
    where own.product_id = "products"."id" and own.market = ${shelf.market}),
    ${convertedPriceSql(sql`"products"."price_cents"`, shelf.conversion)})`;

/**
 * The sort's order: by price in a market, by the shelf price there (then the dollar price, the
 * order of equal converted prices, then newest first), as the index orders it.
 */
function orderBy(sort: ProductSort, shelf: ShelfScale | null): SQL[] {
  if (!shelf || (sort !== 'price-asc' && sort !== 'price-desc')) return ORDER_BY[sort];
  const way = sort === 'price-asc' ? asc : desc;
  return [way(shelfPriceSql(shelf)), ...ORDER_BY[sort]];
}

/** For a car with OE approvals, its marked tyres first (the index's rule). */
const oeFirst = (filter: ProductFilter): SQL[] =>
  filter.oeFirst.length === 0
    ? []
    : [desc(sql`coalesce(${inArray(products.oeMark, [...filter.oeFirst])}, false)`)];

/**
 * A page of a search, straight from the database: for when the index cannot be trusted, and
 * for the back office's searches of retired products (the index holds the shop's only).
 */
export async function searchProducts(
  db: Db,
  filter: ProductFilter,
  sort: ProductSort,
  page: { limit: number; offset: number; status?: StatusFilter },
): Promise<{ products: Product[]; total: number }> {
  const { limit, offset, status } = page;
  const where = and(...conditionsOf(filter, undefined, status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...oeFirst(filter), ...exactFirst(filter.text), ...orderBy(sort, filter.shelf))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { products: rows.map(toProduct), total: total?.n ?? 0 };
}

/**
 * A page of the models with a product that passes the search, straight from the database (the
 * index's rule: models in the order of their first product in the search's order), each with
 * those products oldest first, and how many such models there are.
 */
export async function searchModels(
  db: Db,
  filter: ProductFilter,
  sort: ProductSort,
  page: { limit: number; offset: number },
): Promise<{ models: Array<{ id: string; products: Product[] }>; total: number }> {
  const where = and(...conditionsOf(filter));
  const order = [...oeFirst(filter), ...exactFirst(filter.text), ...orderBy(sort, filter.shelf)];
  const ranked = db
    .select({
      modelId: products.modelId,
      rank: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rank'),
    })
    .from(products)
    .where(where)
    .as('ranked');
  const [listed, [total]] = await Promise.all([
    db
      .select({ modelId: ranked.modelId })
      .from(ranked)
      .groupBy(ranked.modelId)
      .orderBy(sql`min(${ranked.rank})`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: MODELS }).from(products).where(where),
  ]);
  const ids = listed.map((row) => row.modelId!);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(products)
          .where(and(where, inArray(products.modelId, ids)))
          .orderBy(asc(products.createdAt), asc(products.id));
  return {
    total: total?.n ?? 0,
    models: ids.map((id) => ({
      id,
      products: rows.filter((row) => row.modelId === id).map(toProduct),
    })),
  };
}

/** Models counted once however many of their sizes are counted. */
const MODELS = sql<number>`count(distinct ${products.modelId})`.mapWith(Number);

/**
 * The counts of a filter panel, straight from the database (see the contract's ProductFacets):
 * of products, or with `models` of the models they are sizes of.
 */
export async function facetsFromDatabase(
  db: Db,
  filter: ProductFilter,
  models = false,
): Promise<ProductFacets> {
  const counted = async (facet: FacetName) => {
    const column = facetColumn[facet];
    const rows = await db
      .select({ value: column, count: models ? MODELS : count() })
      .from(products)
      .where(and(isNotNull(column), ...conditionsOf(filter, facet)))
      .groupBy(column);
    return [facet, new Map(rows.map((row) => [row.value as FacetValue, row.count]))] as const;
  };
  /** A model with sizes of two classes counts once: "this or better" counted as such. */
  const countedUpTo = async (facet: FacetName) => {
    const column = facetColumn[facet];
    const values = CUMULATIVE_ORDER[facet]!;
    const [row] = await db
      .select(
        Object.fromEntries(
          values.map((value, i) => [
            `v${i}`,
            sql<number>`count(distinct ${products.modelId}) filter (where ${column} <= ${value})`.mapWith(
              Number,
            ),
          ]),
        ),
      )
      .from(products)
      .where(and(isNotNull(column), ...conditionsOf(filter, facet)));
    return [
      facet,
      new Map(values.map((value, i) => [value, Number(row?.[`v${i}`] ?? 0)])),
    ] as const;
  };
  const cumulative = FACETS.filter((facet) => CUMULATIVE_ORDER[facet]);
  const [counts, upTo, price, [matching]] = await Promise.all([
    Promise.all(FACETS.map(counted)),
    models ? Promise.all(cumulative.map(countedUpTo)) : [],
    priceRangeFromDatabase(db, conditionsOf(filter, 'price'), filter.shelf),
    db
      .select({ n: count() })
      .from(products)
      .where(and(...conditionsOf(filter))),
  ]);
  const suggestion =
    (matching?.n ?? 0) === 0
      ? await suggestionFromDatabase(db, filter.text, STATUS_CONDITION.active)
      : null;
  return facetsOf(
    filter,
    Object.fromEntries(counts) as Record<FacetName, Map<FacetValue, number>>,
    price,
    suggestion,
    Object.fromEntries(upTo),
  );
}
