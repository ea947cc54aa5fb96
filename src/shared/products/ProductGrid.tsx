import type { Product } from '@contract/products';
import { CardGrid } from '../../ui/Grid';
import { ProductCard, type CardExtras } from './ProductCard';
import { QueryState, type QueryLike } from '../QueryState';
import { useShelfPrices } from '../markets/useShelfPrices';
import { idsKey } from '../markets/marketsApi';

/**
 * Products as cards, or the note that there are none yet. `eager` cards at the top load their
 * pictures at once and first (they are what a visitor sees first); the rest when scrolled near.
 */
export function ProductCards({
  products,
  headingLevel,
  eager = 0,
  busy = false,
  label = 'Products',
  noteOf,
  extrasOf,
}: {
  products: readonly Product[];
  headingLevel?: 2 | 3;
  eager?: number;
  /** Other products are on their way: these are shown dimmed meanwhile. */
  busy?: boolean;
  /** The list's name, when a page has two lists of products. */
  label?: string;
  /** A word on a product's card (see ProductCard's note). */
  noteOf?: (product: Product) => string | undefined;
  /** A page's own controls on a product's card (see ProductCard's extras). */
  extrasOf?: (product: Product) => CardExtras | undefined;
}) {
  const priceOf = useShelfPrices(products);
  const pageIds = idsKey(products.map((product) => product._id));
  if (products.length === 0) {
    return <p>No products yet. New stock is on its way, please look again soon.</p>;
  }
  return (
    <CardGrid aria-label={label} aria-busy={busy}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            eager={index < eager}
            note={noteOf?.(product)}
            price={priceOf(product)}
            pageIds={pageIds}
            extras={extrasOf?.(product)}
          />
        </li>
      ))}
    </CardGrid>
  );
}

/**
 * Products from the API as cards, with the loading, failure and empty states. The query comes
 * from the page, so this stays free of the API.
 */
export function ProductGrid({
  query,
  headingLevel,
  eager,
}: {
  query: QueryLike<readonly Product[]>;
  headingLevel?: 2 | 3;
  eager?: number;
}) {
  return (
    <QueryState
      query={query}
      loadingLabel="Loading products"
      errorMessage="We could not load the products."
    >
      {(products) => <ProductCards products={products} headingLevel={headingLevel} eager={eager} />}
    </QueryState>
  );
}
