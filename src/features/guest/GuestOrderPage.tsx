import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useGetGuestCheckoutQuery, useStopGuestLinksMutation } from '../../shared/guest/guestApi';
import { guestCopy } from '../../shared/guest/guestCopy';
import { guestOrderKey, keepGuestOrderKey, keyFromFragment } from '../../shared/guest/guestKeys';
import { KeepOrdersPrompt } from '../../shared/guest/KeepOrdersPrompt';
import { LazyAppointmentPanel } from '../../shared/appointments/LazyAppointmentPanel';
import { QueryState } from '../../shared/QueryState';
import { Button, ButtonLink } from '../../ui/Button';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { FieldHint } from '../../ui/Field';
import { formatDay } from '../../ui/formatDay';
import { formatPrice } from '../../ui/formatPrice';
import { formatMoney } from '@contract/money';
import { Page, PageHeading } from '../../ui/Page';
import { panelSurface } from '../../ui/surface';
import { TextLink } from '../../ui/TextLink';
import { usePageTitle } from '../../ui/usePageTitle';
import { GuestOrderLine } from './GuestOrderLine';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 48rem;
`;

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const findOrder = <TextLink to="/find-order">{guestCopy.findOrderLink}</TextLink>;

/**
 * `/guest/order/:id#key=…`: the page a guest's emailed link opens, without signing in. The key
 * (in the fragment, which no server sees) is kept in this browser and taken out of the address
 * bar; the order's life, Pay now while it is unpaid, Cancel and Return, Stop this link, and
 * "Create an account to keep your orders".
 */
export function GuestOrderPage() {
  usePageTitle(guestCopy.orderTitle);
  const id = useParams().id ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const fromLink = keyFromFragment(location.hash);
  const [key] = useState(() => fromLink ?? guestOrderKey(id));
  useEffect(() => {
    if (!fromLink) return;
    keepGuestOrderKey(id, fromLink);
    // The key stays out of the history, a screenshot and a shared address.
    navigate({ pathname: location.pathname }, { replace: true });
  }, [fromLink, id, location.pathname, navigate]);
  const query = useGetGuestCheckoutQuery(key ? { id, key } : { id, key: '' }, { skip: !key });
  const [stop, stopped] = useStopGuestLinksMutation();

  return (
    <Page>
      <PageHeading>{guestCopy.orderTitle}</PageHeading>
      {!key || stopped.isSuccess ? (
        <ErrorPanel message={stopped.isSuccess ? guestCopy.linkStopped : guestCopy.noKey}>
          <p>{findOrder}</p>
        </ErrorPanel>
      ) : (
        <QueryState
          query={query}
          loadingLabel={guestCopy.loadingOrder}
          errorMessage={guestCopy.orderFailed}
        >
          {({ checkout, email }) => {
            const first = checkout.orders[0];
            const payable = !checkout.paid && !checkout.expired && checkout.expiresAt !== null;
            return (
              <Layout>
                <Panel aria-label={guestCopy.orderNumber}>
                  <p>
                    {guestCopy.orderNumber}: <code>{checkout._id}</code>
                  </p>
                  <p>{guestCopy.placedWith(email)}</p>
                  {!checkout.appointment && (
                    <p>
                      {checkout.fitting
                        ? guestCopy.fitting(formatDay(checkout.fitting))
                        : guestCopy.delivery(first?.address ?? '')}
                    </p>
                  )}
                  <p>
                    <strong>
                      {checkout.pricing
                        ? formatMoney(
                            checkout.pricing.totalMinor,
                            checkout.pricing.currency,
                            checkout.pricing.locale,
                          )
                        : formatPrice(checkout.total)}
                    </strong>
                  </p>
                  {payable && (
                    <ButtonLink to={`/guest/checkout/${encodeURIComponent(checkout._id)}`}>
                      {guestCopy.payNow}
                    </ButtonLink>
                  )}
                  <ul>
                    {checkout.orders.map((order) => (
                      <GuestOrderLine key={order._id} order={order} opened={{ id, key }} />
                    ))}
                  </ul>
                </Panel>
                {checkout.appointment && (
                  <LazyAppointmentPanel
                    appointment={checkout.appointment}
                    owner={{ kind: 'guest', checkoutId: checkout._id, key }}
                    productIds={checkout.orders.map((order) => order.productId)}
                  />
                )}
                <KeepOrdersPrompt email={email} />
                <Panel aria-label={guestCopy.stopLink}>
                  <FieldHint>{guestCopy.stopLinkHint}</FieldHint>
                  <div>
                    <Button
                      $variant="secondary"
                      disabled={stopped.isLoading}
                      onClick={() => void stop({ id, key })}
                    >
                      {guestCopy.stopLink}
                    </Button>
                  </div>
                </Panel>
              </Layout>
            );
          }}
        </QueryState>
      )}
    </Page>
  );
}
