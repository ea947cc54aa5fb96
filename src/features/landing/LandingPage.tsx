import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Page } from '../../ui/Page';
import { media } from '../../ui/theme';
import { usePageTitle } from '../../ui/usePageTitle';
import { useHydrated } from '../../ui/useHydrated';
import { BusinessSummary } from './BusinessSummary';
import { FeaturedProducts } from './FeaturedProducts';
import { Hero } from './Hero';
import { LatestReviews } from './LatestReviews';
import { Services } from './Services';

// The car picker needs the browser (its lists come from the API): loaded after the page, in a
// place kept for it, so the first JavaScript stays small and nothing below it moves.
const LandingCar = lazy(() =>
  import(/* webpackChunkName: "landing-car" */ '../../ui/myCar/LandingCar').then((m) => ({
    default: m.LandingCar,
  })),
);

const CarSlot = styled.div`
  min-height: 17rem;
  ${media.desktop} {
    min-height: 11rem;
  }
`;

/** `/` and `/home`: hero, business summary, products, customer reviews (the footer is the layout's). */
export function LandingPage() {
  usePageTitle(
    null,
    'Tyres and auto parts: summer, winter and all-season tyres, wheels, brakes, batteries and service parts, ordered online and paid by card.',
  );
  const hydrated = useHydrated();
  return (
    <>
      <Hero />
      <Page>
        <BusinessSummary />
        <CarSlot>
          {hydrated && (
            <Suspense fallback={null}>
              <LandingCar />
            </Suspense>
          )}
        </CarSlot>
        <Services />
        <FeaturedProducts />
        <LatestReviews />
      </Page>
    </>
  );
}
