import { useGetProductsQuery } from '../../store/api';
import { CardGrid } from '../../ui/Grid';
import { ProductCard } from '../../ui/ProductCard';
import { QueryState } from '../../ui/QueryState';

/** The whole catalogue as cards, with its loading and failure states. */
export function ProductGrid() {
  const query = useGetProductsQuery();
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
            {products.map((product) => (
              <li key={product._id}>
                <ProductCard product={product} headingLevel={2} />
              </li>
            ))}
          </CardGrid>
        )
      }
    </QueryState>
  );
}
