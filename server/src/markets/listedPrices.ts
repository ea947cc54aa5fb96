import type { Market } from '../../../contract/markets';
import type { ModelCard } from '../../../contract/models';
import type { Product } from '../../../contract/products';
import type { CatalogSnapshot } from '../catalog/catalogCache';
import type { MarketPriceCache } from './marketPriceCache';

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
