import { useGetProductPageQuery } from '../../store/api';
import { Eyebrow, Section, SectionHeader, SectionHeading } from '../../ui/Page';
import { ProductGrid } from '../../shared/products/ProductGrid';
import { TextLink } from '../../ui/TextLink';
import { FEATURED } from './landingLoader';
import { useListingMarket } from '../../shared/markets/listingMarket';

/** The landing page's product grid. */
export function FeaturedProducts() {
  const query = useGetProductPageQuery({ ...FEATURED, market: useListingMarket() });
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
