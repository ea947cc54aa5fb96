import { lazy, Suspense } from 'react';
import type { PromotionBadgesProps } from './PromotionBadges';

/** The badges and their call load in their own chunk, after the page: `/` is at its budget. */
const PromotionBadges = lazy(
  () => import(/* webpackChunkName: "promotion-badges" */ './PromotionBadges'),
);

/** A product's offers ("4 for 3", issue 49) on its card or page. */
export function PromotionBadgeSlot(props: PromotionBadgesProps) {
  return (
    <Suspense fallback={null}>
      <PromotionBadges {...props} />
    </Suspense>
  );
}
