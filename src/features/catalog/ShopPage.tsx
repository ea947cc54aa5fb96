import { Page, PageHeading } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { ProductGrid } from './ProductGrid';

export function ShopPage() {
  usePageTitle('Shop');
  return (
    <Page>
      <PageHeading>Tyres &amp; auto parts</PageHeading>
      <ProductGrid />
    </Page>
  );
}
