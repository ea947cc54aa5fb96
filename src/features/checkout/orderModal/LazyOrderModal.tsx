import { lazy, Suspense } from 'react';
import type { Product } from '@contract/products';
import { retryImport } from '../../../shared/loading/retryImport';
import { useShownAuthStatus } from '../../../shared/auth/useShownAuthStatus';
import { OrderButtonLine } from './OrderButtonLine';

const OrderModal = lazy(
  retryImport(() =>
    import(/* webpackChunkName: "order-modal" */ './OrderModal').then((module) => ({
      default: module.OrderModal,
    })),
  ),
);

/**
 * The product page's way to order: the order modal (its machine, form and toasts) loads only
 * for a signed-in shopper, who can use it; a visitor, and a search engine, get the light
 * 'Add to shopping bag' line, so a public product page loads no checkout code.
 */
export function LazyOrderModal({ product }: { product: Product }) {
  const status = useShownAuthStatus();
  if (status !== 'loggedIn') return <OrderButtonLine product={product} status={status} />;
  return (
    <Suspense fallback={<OrderButtonLine product={product} status="loading" />}>
      <OrderModal product={product} />
    </Suspense>
  );
}
