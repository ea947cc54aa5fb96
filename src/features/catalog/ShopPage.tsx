import { useGetProductsQuery } from '../../store/api';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { ProductGrid } from '../../ui/ProductGrid';
import { usePageTitle } from '../../ui/usePageTitle';

export function ShopPage() {
  usePageTitle('Shop');
  const products = useGetProductsQuery();
  return (
    <Page>
      <PageHeading>Tyres &amp; auto parts</PageHeading>
      <PageIntro>
        Summer, winter and all-season tyres, wheels, brakes, batteries and service parts. Pick a
        product and book it for fitting or delivery.
      </PageIntro>
      <ProductGrid query={products} headingLevel={2} />
    </Page>
  );
}
