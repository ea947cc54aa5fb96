import type { Product } from '../../server/src/contract/products';
import { CardGrid } from './Grid';
import { ProductCard } from './ProductCard';
import { QueryState, type QueryLike } from './QueryState';

/**
 * The catalogue as cards, with its loading, failure and empty states: the shop shows it whole,
 * the landing page its first few. The query comes from the page, so this stays free of the API.
 */
export function ProductGrid({
  query,
  limit,
  headingLevel,
}: {
  query: QueryLike<Product[]>;
  /** Show only the first `limit` products (the landing page); all of them when unset. */
  limit?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <QueryState
      query={query}
      loadingLabel="Loading products"
      errorMessage="We could not load the products."
    >
      {(products) =>
        products.length === 0 ? (
          <p>No products yet. New stock is on its way, please look again soon.</p>
        ) : (
          <CardGrid aria-label="Products">
            {products.slice(0, limit).map((product) => (
              <li key={product._id}>
                <ProductCard product={product} headingLevel={headingLevel} />
              </li>
            ))}
          </CardGrid>
        )
      }
    </QueryState>
  );
}
