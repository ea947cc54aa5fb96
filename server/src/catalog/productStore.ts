import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  max,
  min,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ProductSort } from '../contract/catalogTerms';
import type { Product, ProductFacets } from '../contract/products';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { attributesFromName, type ProductAttributes } from './productAttributes';
import {
  FACETS,
  facetsOf,
  type FacetName,
  type FacetValue,
  type ProductFilter,
} from './productFilter';
import { searchWords } from './searchWords';

export type ProductRow = typeof products.$inferSelect;

/** A database row as the API shows it: the spec's fields, then what the shop filters on. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    price: row.priceCents / 100,
    orderquantity: row.orderQuantity,
    availablequantity: row.availableQuantity,
    category: row.category,
    width: row.width,
    aspect: row.aspect,
    rim: row.rim,
    season: row.season,
    loadIndex: row.loadIndex,
    speedRating: row.speedRating,
  };
}

/** The catalogue in the spec's order (oldest first), all of it or one page. */
export async function readCatalogue(
  db: Db,
  page?: { limit: number; offset: number },
): Promise<Product[]> {
  const query = db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return rows.map(toProduct);
}

/** The products with these ids, in any order; an id that is not one is left out. */
export async function readProducts(db: Db, ids: readonly string[]): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.map(toProduct);
}

export async function findProduct(db: Db, id: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ? toProduct(row) : null;
}

export async function countProducts(db: Db): Promise<number> {
  const [total] = await db.select({ n: count() }).from(products);
  return total?.n ?? 0;
}

/** A product to store; without attributes, they are read from its name. */
export interface NewProduct {
  name: string;
  description: string;
  priceCents: number;
  orderQuantity: number;
  availableQuantity: number;
  img: string;
  attributes?: ProductAttributes;
  createdAt?: Date;
}

/** The `search_words` column: each word once, a space at each end, so `like '% word %'` works. */
export function searchWordsColumn(name: string, description: string): string {
  const words = new Set(searchWords(`${name} ${description}`));
  return words.size === 0 ? '' : ` ${[...words].join(' ')} `;
}

function rowOf(product: NewProduct): typeof products.$inferInsert {
  const { attributes, ...fields } = product;
  return {
    ...fields,
    ...(attributes ?? attributesFromName(product.name)),
    searchWords: searchWordsColumn(product.name, product.description),
  };
}

/** Stores new products (in one statement) and returns their rows in the order given. */
export async function insertProducts(db: Db, list: readonly NewProduct[]): Promise<ProductRow[]> {
  if (list.length === 0) return [];
  return db.insert(products).values(list.map(rowOf)).returning();
}

/** Rows per statement when every product is written again. */
const BATCH = 1000;

/**
 * Gives every stored product the attributes its name tells and its search words: the data
 * migration for the products stored before attributes existed.
 */
export async function fillAttributesFromNames(db: Db): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const batch: Array<Pick<ProductRow, 'id' | 'name' | 'description'>> = await db
      .select({ id: products.id, name: products.name, description: products.description })
      .from(products)
      .where(after === null ? undefined : gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (batch.length === 0) return;
    const values = batch.map((row) => {
      const a = attributesFromName(row.name);
      return sql`(${row.id}::uuid, ${a.category}, ${a.width}::int, ${a.aspect}::int,
        ${a.rim}::numeric, ${a.season}, ${a.loadIndex}::int, ${a.speedRating},
        ${searchWordsColumn(row.name, row.description)})`;
    });
    await db.execute(sql`
      update ${products} p set category = v.category, width = v.width, aspect = v.aspect,
        rim = v.rim, season = v.season, load_index = v.load_index,
        speed_rating = v.speed_rating, search_words = v.search_words
      from (values ${sql.join(values, sql`, `)})
        as v(id, category, width, aspect, rim, season, load_index, speed_rating, search_words)
      where p.id = v.id`);
    after = batch[batch.length - 1]!.id;
  }
}

const facetColumn = {
  category: products.category,
  season: products.season,
  width: products.width,
  aspect: products.aspect,
  rim: products.rim,
} as const;

/** The filter as SQL conditions, but for those of facet `except`: the index's rules, in SQL. */
function conditionsOf(filter: ProductFilter, except?: FacetName | 'price'): SQL[] {
  const conditions: SQL[] = [];
  const { words, size } = filter.text;
  // Words are letters and digits only (searchWords), so none is a LIKE wildcard.
  words.forEach((word, i) => {
    const pattern = i === words.length - 1 ? `% ${word}%` : `% ${word} %`;
    conditions.push(sql`${products.searchWords} like ${pattern}`);
  });
  if (size) {
    conditions.push(
      eq(products.width, size.width),
      eq(products.aspect, size.aspect),
      eq(products.rim, size.rim),
    );
  }
  for (const facet of FACETS) {
    const picked = filter[facet];
    if (facet !== except && picked.length > 0) {
      conditions.push(inArray(facetColumn[facet], [...picked] as never[]));
    }
  }
  if (except !== 'price') {
    if (filter.minPriceCents !== null)
      conditions.push(gte(products.priceCents, filter.minPriceCents));
    if (filter.maxPriceCents !== null)
      conditions.push(lte(products.priceCents, filter.maxPriceCents));
  }
  if (filter.inStock)
    conditions.push(sql`${products.availableQuantity} > ${products.orderQuantity}`);
  return conditions;
}

/** Equal keys newest first, as the index orders them. */
const NEWEST = [desc(products.createdAt), desc(products.id)];
const ORDER_BY: Record<ProductSort, SQL[]> = {
  newest: NEWEST,
  'price-asc': [asc(products.priceCents), ...NEWEST],
  'price-desc': [desc(products.priceCents), ...NEWEST],
  name: [sql`lower(${products.name}) collate "C"`, ...NEWEST],
};

/** A page of a search, straight from the database: for when the index cannot be trusted. */
export async function searchProducts(
  db: Db,
  filter: ProductFilter,
  sort: ProductSort,
  limit: number,
  offset: number,
): Promise<{ products: Product[]; total: number }> {
  const where = and(...conditionsOf(filter));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...ORDER_BY[sort])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { products: rows.map(toProduct), total: total?.n ?? 0 };
}

/** The counts of a filter panel, straight from the database (see the contract's ProductFacets). */
export async function facetsFromDatabase(db: Db, filter: ProductFilter): Promise<ProductFacets> {
  const counted = async (facet: FacetName) => {
    const column = facetColumn[facet];
    const rows = await db
      .select({ value: column, count: count() })
      .from(products)
      .where(and(isNotNull(column), ...conditionsOf(filter, facet)))
      .groupBy(column);
    return [facet, new Map(rows.map((row) => [row.value as FacetValue, row.count]))] as const;
  };
  const [counts, [range]] = await Promise.all([
    Promise.all(FACETS.map(counted)),
    db
      .select({ low: min(products.priceCents), high: max(products.priceCents) })
      .from(products)
      .where(and(...conditionsOf(filter, 'price'))),
  ]);
  return facetsOf(
    filter,
    Object.fromEntries(counts) as Record<FacetName, Map<FacetValue, number>>,
    range?.low == null || range.high == null
      ? null
      : { min: range.low / 100, max: range.high / 100 },
  );
}
