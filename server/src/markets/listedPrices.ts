import type { Market } from '../../../contract/markets';
import type { ModelCard } from '../../../contract/models';
import type { Product } from '../../../contract/products';
import { pageOfJson, type CachedPage, type CatalogSnapshot } from '../catalog/catalogCache';
import type { MarketPriceCache } from './marketPriceCache';
import type { ShelfScale } from './shelfScale';

/** What a list of the catalogue holds: products, or models with their sizes. */
export type ListedItems = readonly Product[] | readonly ModelCard[];

const isModel = (item: Product | ModelCard): item is ModelCard => 'sizes' in item;

/**
 * A list's products with their shelf price in `market` folded in (`shelfPrice`), asked in one
 * batch for every product on the page (a model's sizes too): from memory while the catalogue's
 * notices are trusted, else one read of the database. The spec's fields stay as they are.
 */
export async function withListedPrices(
  items: ListedItems,
  market: Market,
  prices: MarketPriceCache,
  catalogue: () => Promise<CatalogSnapshot>,
): Promise<ListedItems> {
  const ids = new Set<string>();
  for (const item of items) {
    if (isModel(item)) for (const size of item.sizes) ids.add(size._id);
    else ids.add(item._id);
  }
  const found = await prices.shelfPrices(market, [...ids], catalogue);
  const minorOf = new Map(found.map((price) => [price.productId, price.minor]));
  const priced = (product: Product): Product => {
    const minor = minorOf.get(product._id);
    if (minor === undefined) return product;
    return { ...product, shelfPrice: { market: market.code, currency: market.currency, minor } };
  };
  return items.map((item) =>
    isModel(item) ? { ...item, sizes: item.sizes.map(priced) } : priced(item),
  ) as ListedItems;
}

/**
 * A page of the cached catalogue's products in `market`, priced by `shelf` (the market's scale
 * the search was made with: its own prices, else the conversion), serialised as withListedPrices
 * then pageOf would: each product's JSON with `shelfPrice` added last. Each product is
 * serialised as it is kept, not copied with one field more first (the copies and their garbage
 * made a German page dearer than the same US one).
 */
export function pricedPageOf(
  products: readonly Product[],
  total: number,
  market: Market,
  shelf: ShelfScale,
): CachedPage {
  const marketJson = `{"market":${JSON.stringify(market.code)},"currency":${JSON.stringify(market.currency)},"minor":`;
  const items = products.map((product) => {
    const json = JSON.stringify(product);
    const minor = shelf.own.get(product._id) ?? shelf.convert(Math.round(product.price * 100));
    return `${json.slice(0, -1)},"shelfPrice":${marketJson}${minor}}}`;
  });
  return pageOfJson(`[${items.join(',')}]`, total);
}
