import { lazy, Suspense } from 'react';
import { useHydrated } from '../../ui/useHydrated';
import type { PromotionBadgesProps } from './PromotionBadges';

/** The badges and their call load in their own chunk, after the page: `/` is at its budget. */
const PromotionBadges = lazy(
  () => import(/* webpackChunkName: "promotion-badges" */ './PromotionBadges'),
);

/**
 * A product's offers ("4 for 3", issue 49) on its card or page. Only once the page has hydrated:
 * the server's render cannot wait for a lazy chunk, and an unfinished boundary in its HTML makes
 * React throw away and redo that part of the page (error 419) on the shopper's first visit.
 */
export function PromotionBadgeSlot(props: PromotionBadgesProps) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <PromotionBadges {...props} />
    </Suspense>
  );
}
