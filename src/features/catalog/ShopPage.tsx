import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { ProductGrid } from './ProductGrid';

export function ShopPage() {
  usePageTitle('Shop');
  return (
    <Page>
      <PageHeading>Tyres &amp; auto parts</PageHeading>
      <PageIntro>
        Summer, winter and all-season tyres, wheels, brakes, batteries and service parts. Pick a
        product and book it for fitting or delivery.
      </PageIntro>
      <ProductGrid />
    </Page>
  );
}
