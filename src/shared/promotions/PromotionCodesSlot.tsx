import { lazy, Suspense } from 'react';
import type { PromotionCodesProps } from './PromotionCodes';

/** The code entry loads in its own chunk (the checkout's chunk is at its budget). */
const PromotionCodes = lazy(() =>
  import(/* webpackChunkName: "promotion-codes" */ './PromotionCodes').then((m) => ({
    default: m.PromotionCodes,
  })),
);

/** Discount codes at checkout (issue 49), once a country prices the bag. */
export function PromotionCodesSlot(props: PromotionCodesProps) {
  return (
    <Suspense fallback={null}>
      <PromotionCodes {...props} />
    </Suspense>
  );
}
