import { useGetProductsQuery } from '../../store/api';
import { Eyebrow, Section, SectionHeader, SectionHeading } from '../../ui/Page';
import { ProductGrid } from '../../ui/ProductGrid';
import { TextLink } from '../../ui/TextLink';

/** How many products the landing page shows; the rest are one click away in the shop. */
const SHOWN = 6;

/** The landing page's product grid. */
export function FeaturedProducts() {
  const products = useGetProductsQuery();
  return (
    <Section aria-labelledby="landing-products">
      <SectionHeader>
        <div>
          <Eyebrow>Shop</Eyebrow>
          <SectionHeading id="landing-products">Our products</SectionHeading>
        </div>
        <TextLink to="/shop">See all products</TextLink>
      </SectionHeader>
      <ProductGrid query={products} limit={SHOWN} />
    </Section>
  );
}
