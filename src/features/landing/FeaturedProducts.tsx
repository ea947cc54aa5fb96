import { useGetProductsQuery } from '../../store/api';
import { CardGrid } from '../../ui/Grid';
import { Eyebrow, Section, SectionHeader, SectionHeading } from '../../ui/Page';
import { ProductCard } from '../../ui/ProductCard';
import { QueryState } from '../../ui/QueryState';
import { TextLink } from '../../ui/TextLink';

/** How many products the landing page shows; the rest are one click away in the shop. */
const SHOWN = 6;

/** The landing page's product grid. */
export function FeaturedProducts() {
  const query = useGetProductsQuery();
  return (
    <Section aria-labelledby="landing-products">
      <SectionHeader>
        <div>
          <Eyebrow>Shop</Eyebrow>
          <SectionHeading id="landing-products">Our products</SectionHeading>
        </div>
        <TextLink to="/shop">See all products</TextLink>
      </SectionHeader>
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
              {products.slice(0, SHOWN).map((product) => (
                <li key={product._id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </CardGrid>
          )
        }
      </QueryState>
    </Section>
  );
}
