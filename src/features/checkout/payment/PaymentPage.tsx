import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicConfig } from '@contract/config';
import { checkoutCopy } from '@contract/checkoutCopy';
import { useGetConfigQuery } from '../../../store/api';
import { PageHeading } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { usePageTitle } from '../../../ui/usePageTitle';
import { gatewayFor } from './gateway';
import { PaymentCheckout } from './PaymentCheckout';

/** The configured provider's gateway, made once per provider and key. */
function Checkout({ orderId, payments }: { orderId: string; payments: PublicConfig['payments'] }) {
  const { provider, stripePublishableKey } = payments;
  const gateway = useMemo(
    () => gatewayFor({ provider, stripePublishableKey }),
    [provider, stripePublishableKey],
  );
  return <PaymentCheckout orderId={orderId} gateway={gateway} />;
}

/** `/dashboard/payment/:id`: pay for one order by card. */
export function PaymentPage() {
  usePageTitle(checkoutCopy.payment.title);
  const { id = '' } = useParams();
  const config = useGetConfigQuery();
  return (
    <>
      <PageHeading>{checkoutCopy.payment.title}</PageHeading>
      <QueryState
        query={config}
        loadingLabel={checkoutCopy.payment.loadingPage}
        errorMessage={checkoutCopy.payment.pageFailed}
      >
        {/* A new order id starts a new payment. */}
        {(settings) => <Checkout key={id} orderId={id} payments={settings.payments} />}
      </QueryState>
    </>
  );
}
