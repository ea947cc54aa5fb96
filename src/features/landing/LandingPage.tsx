import styled from 'styled-components';
import { ProductGrid } from '../catalog/ProductGrid';
import { Page } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { Hero } from './Hero';

const SectionHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin: ${({ theme }) => theme.space.lg} 0;
`;

export function LandingPage() {
  usePageTitle(null);
  return (
    <>
      <Hero />
      <Page>
        <section aria-labelledby="landing-products">
          <SectionHeading id="landing-products">Our products</SectionHeading>
          <ProductGrid limit={6} />
        </section>
      </Page>
    </>
  );
}
