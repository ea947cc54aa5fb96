import { useEffect, useState } from 'react';
import type { FittedPricing } from './fittedPricing';

let loaded: FittedPricing | null = null;
const load = () =>
  import(/* webpackChunkName: "fitted-pricing" */ './fittedPricing').then(
    (module) => (loaded = module.fittedPricing),
  );

/**
 * The fully fitted pricing while the shopper's switch is `on` (null while off, or while its
 * chunk is on its way: shelf prices meanwhile). Never needed to render or hydrate a page: the
 * switch is the browser's, off on the server and while React hydrates.
 */
export function useFittedPricing(on: boolean): FittedPricing | null {
  const [pricing, setPricing] = useState(loaded);
  useEffect(() => {
    if (on && !pricing) void load().then(setPricing);
  }, [on, pricing]);
  return on ? (pricing ?? loaded) : null;
}
