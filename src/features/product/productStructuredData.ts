import type { Product } from '@contract/products';
import { unitsOrderable } from '@contract/stockRule';

/** The store's prices are in dollars (copy.product.currency '$'). */
const CURRENCY = 'USD';

const AVAILABILITY = {
  inStock: 'https://schema.org/InStock',
  outOfStock: 'https://schema.org/OutOfStock',
  discontinued: 'https://schema.org/Discontinued',
} as const;

/**
 * What search engines read of a product page (schema.org Product with its Offer, as JSON-LD):
 * name, description, picture, SKU and the offer's price, currency and availability. GTIN and
 * brand go in only when the catalogue has them; it has neither yet, so neither is made up.
 */
export function productStructuredData(product: Product) {
  const availability =
    product.status === 'retired'
      ? AVAILABILITY.discontinued
      : unitsOrderable(product) > 0
        ? AVAILABILITY.inStock
        : AVAILABILITY.outOfStock;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.img,
    sku: product.sku,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: CURRENCY,
      availability,
    },
  };
}
