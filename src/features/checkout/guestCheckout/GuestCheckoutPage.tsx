import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicConfig } from '@contract/config';
import { checkoutCopy } from '@contract/checkoutCopy';
import { guestBagReplaced, readGuestBag } from '../../../shared/bag/guestBag';
import { guestApi } from '../../../shared/guest/guestApi';
import { guestCopy } from '../../../shared/guest/guestCopy';
import {
  forgetGuestBrowser,
  guestBrowserId,
  guestOrderKey,
  keepGuestOrderKey,
} from '../../../shared/guest/guestKeys';
import { KeepOrdersPrompt } from '../../../shared/guest/KeepOrdersPrompt';
import { QueryState } from '../../../shared/QueryState';
import { bagCarField } from '../../../shared/vehicles/bagCar';
import { useGetConfigQuery } from '../../../store/api';
import { ApiError, unwrapOrThrow } from '../../../store/callApi';
import { useAppDispatch } from '../../../store/hooks';
import { ButtonLink } from '../../../ui/Button';
import { Page, PageHeading } from '../../../ui/Page';
import { TextLink } from '../../../ui/TextLink';
import { usePageTitle } from '../../../ui/usePageTitle';
import { CheckoutConfirmation } from '../bagCheckout/CheckoutConfirmation';
import { CheckoutFlow, type GuestFlow } from '../bagCheckout/CheckoutFlow';
import { lazyGateway } from '../bagCheckout/lazyGateway';
import { guestBagForCheckout } from './guestBagForCheckout';

const orderPage = (id: string) => `/guest/order/${encodeURIComponent(id)}`;

/** The key of a checkout placed or opened in this browser; a refusal in words without one. */
function keyOf(id: string): string {
  const key = guestOrderKey(id);
  if (!key) throw new ApiError(guestCopy.noKey, 401);
  return key;
}

/** The guest's API calls and pages for the account's checkout flow. */
function useGuestFlow(): GuestFlow {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const endpoints = guestApi.endpoints;
    return {
      loadBag: () => guestBagForCheckout(dispatch, readGuestBag()),
      loadCheckout: async (id) => {
        const opened = await unwrapOrThrow(
          dispatch(
            endpoints.getGuestCheckout.initiate({ id, key: keyOf(id) }, { subscribe: false }),
          ),
        );
        return opened.checkout;
      },
      placeCheckout: async (details) => {
        const lines = readGuestBag();
        const browser = await guestBrowserId(async () => {
          const issued = await unwrapOrThrow(dispatch(endpoints.issueGuestBrowser.initiate()));
          return issued.browser;
        });
        const placed = await unwrapOrThrow(
          dispatch(
            endpoints.placeGuestCheckout.initiate({
              name: details.name,
              address: details.address,
              number: details.number,
              fitting: details.fitting,
              ...(details.appointment ? { appointment: details.appointment } : {}),
              email: details.email ?? '',
              // Priced in the market of the country chosen, with the codes that apply there.
              country: details.country,
              region: details.region,
              codes: details.codes,
              items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
              ...bagCarField(),
              browser,
            }),
          ),
        ).catch((error: unknown) => {
          // An id the store does not take (its key changed): the next try gets a new one.
          if (error instanceof ApiError && error.field === 'guest-browser') forgetGuestBrowser();
          throw error;
        });
        keepGuestOrderKey(placed.checkout._id, placed.key);
        // Ordered: the bag in this browser is emptied, as an account's is by the checkout.
        dispatch(guestBagReplaced([]));
        return placed.checkout;
      },
      createIntent: (id) =>
        unwrapOrThrow(dispatch(endpoints.createGuestIntent.initiate({ id, key: keyOf(id) }))),
      recordPayment: async (id, transactionId) => {
        const paid = await unwrapOrThrow(
          dispatch(endpoints.payGuestCheckout.initiate({ id, key: keyOf(id), transactionId })),
        );
        return paid.checkout;
      },
      confirmation: (checkout) => (
        <>
          <CheckoutConfirmation
            checkout={checkout}
            guestKey={guestOrderKey(checkout._id) ?? undefined}
            next={
              <>
                <p>
                  {guestCopy.orderNumber}: <code>{checkout._id}</code>
                </p>
                <ButtonLink to={orderPage(checkout._id)}>{guestCopy.openOrder}</ButtonLink>
              </>
            }
          />
          <KeepOrdersPrompt email={checkout.orders[0]?.email ?? ''} />
        </>
      ),
      ordersLink: (id) =>
        id ? (
          <TextLink to={orderPage(id)}>{guestCopy.openOrder}</TextLink>
        ) : (
          <TextLink to="/find-order">{guestCopy.findOrderLink}</TextLink>
        ),
    };
  }, [dispatch]);
}

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
  const guest = useGuestFlow();
  return <CheckoutFlow checkoutId={checkoutId} gateway={gateway} guest={guest} />;
}

/**
 * `/guest/checkout`: a visitor checks out the bag kept in this browser without an account, in
 * the account's checkout flow (the bagCheckout machine). `/guest/checkout/:id`: paying a guest
 * checkout placed in this browser (its order page's Pay now).
 */
export function GuestCheckoutPage() {
  const [checkoutId = ''] = (useParams()['*'] ?? '').split('/');
  const title = checkoutId ? guestCopy.payTitle : guestCopy.checkoutTitle;
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
        {(settings) => (
          <Flow
            key={checkoutId || 'bag'}
            checkoutId={checkoutId || null}
            payments={settings.payments}
          />
        )}
      </QueryState>
    </Page>
  );
}
