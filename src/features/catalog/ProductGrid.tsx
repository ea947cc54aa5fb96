import { useGetProductsQuery } from '../../store/api';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { CardGrid } from '../../ui/Grid';
import { Spinner } from '../../ui/Spinner';
import { ProductCard } from './ProductCard';

/** The catalogue as cards, with its loading and failure states. */
export function ProductGrid({ limit }: { limit?: number }) {
  const { data, isLoading, isError, refetch } = useGetProductsQuery();

  if (isLoading) return <Spinner label="Loading products" />;
  if (isError || !data) {
    return (
      <ErrorPanel
        message="We could not load the products. Check your connection and try again."
        actionLabel="Try again"
        onAction={() => void refetch()}
      />
    );
  }
  if (data.length === 0) return <p>No products yet.</p>;

  const shown = limit === undefined ? data : data.slice(0, limit);
  return (
    <CardGrid aria-label="Products">
      {shown.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} />
        </li>
      ))}
    </CardGrid>
  );
}
