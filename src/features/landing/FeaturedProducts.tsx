import { useGetProductPageQuery } from '../../store/api';
import { Eyebrow, Section, SectionHeader, SectionHeading } from '../../ui/Page';
import { ProductGrid } from '../../ui/ProductGrid';
import { TextLink } from '../../ui/TextLink';

/**
 * How many products the landing page shows (two rows of three); the rest are one click away in
 * the shop. Only these are fetched, not the whole catalogue.
 */
const SHOWN = { limit: 6, offset: 0 };

/** The landing page's product grid. */
export function FeaturedProducts() {
  const query = useGetProductPageQuery(SHOWN);
  return (
    <Section aria-labelledby="landing-products">
      <SectionHeader>
        <div>
          <Eyebrow>Shop</Eyebrow>
          <SectionHeading id="landing-products">Our products</SectionHeading>
        </div>
        <TextLink to="/shop">See all products</TextLink>
      </SectionHeader>
      <ProductGrid query={{ ...query, data: query.data?.products }} />
    </Section>
  );
}
