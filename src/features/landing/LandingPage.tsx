import { Page } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { BusinessSummary } from './BusinessSummary';
import { FeaturedProducts } from './FeaturedProducts';
import { Hero } from './Hero';
import { LatestReviews } from './LatestReviews';
import { Services } from './Services';

/** `/` and `/home`: hero, business summary, products, customer reviews (the footer is the layout's). */
export function LandingPage() {
  usePageTitle(
    null,
    'Tyres and auto parts: summer, winter and all-season tyres, wheels, brakes, batteries and service parts, ordered online and paid by card.',
  );
  return (
    <>
      <Hero />
      <Page>
        <BusinessSummary />
        <Services />
        <FeaturedProducts />
        <LatestReviews />
      </Page>
    </>
  );
}
