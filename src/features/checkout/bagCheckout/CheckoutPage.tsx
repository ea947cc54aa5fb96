import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicConfig } from '@contract/config';
import { checkoutCopy } from '@contract/checkoutCopy';
import { useGetConfigQuery } from '../../../store/api';
import { Page, PageHeading } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { usePageTitle } from '../../../ui/usePageTitle';
import { CheckoutFlow } from './CheckoutFlow';
import { lazyGateway } from './lazyGateway';

// The receipt is its own chunk: paying never loads it.
const Receipt = lazy(() =>
  import(/* webpackChunkName: "receipt" */ './Receipt').then((m) => ({ default: m.Receipt })),
);

const words = checkoutCopy.bagCheckout;

/** The configured provider's gateway, made once per provider and key. */
function Flow({
  checkoutId,
  payments,
}: {
  checkoutId: string | null;
  payments: PublicConfig['payments'];
}) {
  const { provider, stripePublishableKey } = payments;
  const gateway = useMemo(
    () => lazyGateway({ provider, stripePublishableKey }),
    [provider, stripePublishableKey],
  );
  return <CheckoutFlow checkoutId={checkoutId} gateway={gateway} />;
}

function CheckoutScreen({ title, checkoutId }: { title: string; checkoutId: string | null }) {
  usePageTitle(title);
  const config = useGetConfigQuery();
  return (
    <Page>
      <PageHeading>{title}</PageHeading>
      <QueryState
        query={config}
        loadingLabel={checkoutCopy.payment.loadingPage}
        errorMessage={checkoutCopy.payment.pageFailed}
      >
        {/* A new checkout id starts a new payment. */}
        {(settings) => (
          <Flow key={checkoutId ?? 'bag'} checkoutId={checkoutId} payments={settings.payments} />
        )}
      </QueryState>
    </Page>
  );
}

/**
 * `/checkout`: the bag's lines, the shopper's details, then one card payment. `/checkout/:id/pay`
 * (My Orders' link): paying a checkout placed before, until its hold expires, or its
 * confirmation once paid. `/checkout/:id/receipt`: its receipt. One route (`checkout/*`) for all.
 */
export function CheckoutPage() {
  const [checkoutId = '', page] = (useParams()['*'] ?? '').split('/');
  if (checkoutId && page === 'receipt') {
    return (
      <Suspense fallback={null}>
        <Receipt checkoutId={checkoutId} />
      </Suspense>
    );
  }
  return checkoutId ? (
    <CheckoutScreen title={words.payTitle} checkoutId={checkoutId} />
  ) : (
    <CheckoutScreen title={words.title} checkoutId={null} />
  );
}
