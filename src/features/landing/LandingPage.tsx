import { lazy, Suspense, useContext } from 'react';
import styled from 'styled-components';
import { Page } from '../../ui/Page';
import { media } from '../../ui/theme';
import { usePageTitle } from '../../ui/usePageTitle';
import { useHydrated } from '../../ui/useHydrated';
import { BusinessSummary } from './BusinessSummary';
import { FeaturedProducts } from './FeaturedProducts';
import { Hero } from './Hero';
import { LatestReviews } from './LatestReviews';
import { NoScriptCar } from './noScriptCar';
import { Services } from './Services';

// The car picker needs the browser (its lists come from the API): loaded after the page, in a
// place kept for it, so the first JavaScript stays small and nothing below it moves.
const LandingCar = lazy(() =>
  import(/* webpackChunkName: "landing-car" */ '../../shared/vehicles/LandingCar').then((m) => ({
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
  const noScriptCar = useContext(NoScriptCar);
  // Each part below the hero is a Suspense boundary: hydrating server HTML, React brings the
  // hero to life first and each part after it in a task of its own (sooner the one tapped).
  return (
    <>
      <Hero />
      <Page>
        <Suspense fallback={null}>
          <BusinessSummary />
        </Suspense>
        <CarSlot>
          {hydrated ? (
            <Suspense fallback={null}>
              <LandingCar />
            </Suspense>
          ) : (
            <noscript>{noScriptCar}</noscript>
          )}
        </CarSlot>
        <Suspense fallback={null}>
          <Services />
        </Suspense>
        <Suspense fallback={null}>
          <FeaturedProducts />
        </Suspense>
        <Suspense fallback={null}>
          <LatestReviews />
        </Suspense>
      </Page>
    </>
  );
}
