import { useMachine } from '@xstate/react';
import { useCallback, type ReactNode } from 'react';
import type { Bag } from '@contract/bag';
import type { Checkout } from '@contract/checkout';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { machineInspector } from '../../../machines/inspect';
import { unwrapOrThrow } from '../../../store/callApi';
import { bagCarField } from '../../../shared/vehicles/bagCar';
import { useAppDispatch } from '../../../store/hooks';
import { useSubmissionKeys } from '../../../store/submissionKey';
import { ButtonLink } from '../../../ui/Button';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { media } from '../../../ui/theme';
import { ResendVerification } from '../orderModal/OrderModalVerify';
import type { PaymentGateway } from '../payment/gateway';
import { CardPayment, useCardForm, usePaying } from '../payment/CardPayment';
import type { PayingEvent } from '../payment/payingMachine';
import { Notice } from '../payment/paymentPanel';
import {
  bagCheckoutApi,
  useCreateCheckoutIntentMutation,
  usePayCheckoutMutation,
  usePlaceCheckoutMutation,
} from './bagCheckoutApi';
import { bagCheckoutMachine, payingForCheckout, type CheckoutDetails } from './bagCheckoutMachine';
import { CheckoutConfirmation } from './CheckoutConfirmation';
import { DetailsForm } from './DetailsForm';
import { LinesSummary, orderLines, type SummaryLine } from './LinesSummary';
import { PricedSummary } from './PricedLines';
import { usePrefill } from './usePrefill';
import { forgetKeptCodes } from '../../../shared/promotions/keptCodes';

const words = checkoutCopy.bagCheckout;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.desktop} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`;

const Side = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

/** The API's refusal of the checkout, kept above the form until the next try. */
const Refusal = styled(Notice)`
  a {
    font-weight: 700;
  }
`;

/** Nothing to check out: said plainly, not as an error. */
const Empty = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const backToBag = <TextLink to="/bag">{words.backToBag}</TextLink>;
const toMyOrders = (
  <TextLink to="/dashboard/myorder">{checkoutCopy.payment.backToMyOrders}</TextLink>
);

/**
 * A guest's checkout (issue 47, guestCheckout/): the same machine and pages, with the guest's
 * API calls, an email field, and the guest's confirmation and order page instead of My Orders.
 */
export interface GuestFlow {
  loadBag: () => Promise<Bag>;
  loadCheckout: (id: string) => Promise<Checkout>;
  placeCheckout: (details: CheckoutDetails) => Promise<Checkout>;
  createIntent: (id: string) => Promise<{ clientSecret: string }>;
  recordPayment: (id: string, transactionId: string) => Promise<Checkout>;
  confirmation: (checkout: Checkout) => ReactNode;
  /** Where the guest follows the checkout (its order page), in place of My Orders. */
  ordersLink: (checkoutId: string | null) => ReactNode;
}

/** A placed checkout took the codes kept since the bag: the next bag starts without them. */
function usedKeptCodes<T>(checkout: T): T {
  forgetKeptCodes();
  return checkout;
}

/**
 * Checkout of the bag, or paying a checkout placed before (`checkoutId`): a view over the
 * bagCheckout machine. It provides the machine's actors: the API calls and the card gateway.
 */
export function CheckoutFlow({
  checkoutId,
  gateway,
  guest,
}: {
  checkoutId: string | null;
  gateway: PaymentGateway;
  guest?: GuestFlow;
}) {
  const dispatch = useAppDispatch();
  const [placeCheckout] = usePlaceCheckoutMutation();
  const [createIntent] = useCreateCheckoutIntentMutation();
  const [payCheckout] = usePayCheckoutMutation();
  const submissions = useSubmissionKeys();
  const prefill = usePrefill();
  const card = useCardForm();
  const fresh = { subscribe: false, forceRefetch: true } as const;

  const [state, send, actor] = useMachine(
    bagCheckoutMachine.provide({
      actors: {
        loadBag: fromPromise(() =>
          guest
            ? guest.loadBag()
            : unwrapOrThrow(dispatch(bagCheckoutApi.endpoints.getBag.initiate(undefined, fresh))),
        ),
        loadCheckout: fromPromise(({ input }) =>
          guest
            ? guest.loadCheckout(input.checkoutId)
            : unwrapOrThrow(
                dispatch(bagCheckoutApi.endpoints.getCheckout.initiate(input.checkoutId, fresh)),
              ),
        ),
        placeCheckout: fromPromise(async ({ input }) => {
          if (guest) return guest.placeCheckout(input).then(usedKeptCodes);
          const checkout = await unwrapOrThrow(
            // The car the bag is for, if any: the API refuses tyres below its load or speed.
            placeCheckout({
              ...input,
              ...bagCarField(),
              idempotencyKey: submissions.keyFor(input),
            }),
          );
          submissions.done();
          return usedKeptCodes(checkout);
        }),
        paying: payingForCheckout.provide({
          actors: {
            // The provider's script loads while the server creates the PaymentIntent.
            createIntent: fromPromise(async ({ input }) => {
              const [, intent] = await Promise.all([
                gateway.prepare(),
                guest
                  ? guest.createIntent(input.id)
                  : unwrapOrThrow(createIntent({ checkoutId: input.id })),
              ]);
              return intent;
            }),
            confirmCard: fromPromise(({ input }) => card.confirm(input)),
            recordPayment: fromPromise(({ input }) =>
              guest
                ? guest.recordPayment(input.id, input.transactionId)
                : unwrapOrThrow(payCheckout({ id: input.id, transactionId: input.transactionId })),
            ),
          },
        }),
      },
    }),
    { input: { checkoutId }, inspect: machineInspector() },
  );

  const payment = usePaying(state.children.paying);
  // Stable, and always to the payment under way (a retry invokes a new one).
  const sendPaying = useCallback(
    (event: PayingEvent) => actor.getSnapshot().children.paying?.send(event),
    [actor],
  );

  const { bag, checkout, details, error, retryable, status } = state.context;
  const ordersLink = guest ? guest.ordersLink(state.context.checkoutId) : toMyOrders;
  const retry = retryable
    ? { actionLabel: checkoutCopy.payment.tryAgain, onAction: () => send({ type: 'RETRY' }) }
    : {};

  if (state.matches('bag')) return <Spinner label={words.loadingBag} showLabel />;
  if (state.matches('loadingCheckout')) return <Spinner label={words.loadingCheckout} showLabel />;
  if (state.matches('loadFailed')) {
    return (
      <ErrorPanel message={error ?? words.bagFailed} {...retry}>
        <p>{checkoutId ? ordersLink : backToBag}</p>
      </ErrorPanel>
    );
  }
  if (state.matches('empty')) {
    return (
      <Empty role="status">
        <strong>{words.emptyBag}</strong>
        <ButtonLink to="/shop">{words.goToShop}</ButtonLink>
      </Empty>
    );
  }
  if (state.matches('paid') && checkout) {
    return guest ? guest.confirmation(checkout) : <CheckoutConfirmation checkout={checkout} />;
  }

  const lines: SummaryLine[] = checkout
    ? orderLines(checkout.orders)
    : (bag?.items ?? []).map((item) => ({
        key: item.productId,
        name: item.name,
        quantity: item.quantity,
        price: item.price,
        problem: item.problem,
      }));
  const total = checkout?.total ?? bag?.total ?? 0;

  return (
    <Columns>
      {/* Once placed, the bag is empty: these are the checkout's orders. */}
      {checkout?.pricing ? (
        <PricedSummary pricing={checkout.pricing} title={words.confirmation} />
      ) : (
        <LinesSummary
          lines={lines}
          total={total}
          title={checkout ? words.confirmation : words.summary}
        />
      )}
      <Side>
        {state.matches('expired') && (
          <Notice $tone="danger" role="alert">
            <strong>{copy.myOrders.expired}</strong>
            <p>{words.expired}</p>
            {ordersLink}
          </Notice>
        )}
        {state.matches('failed') && (
          <Refusal $tone="danger" role="alert">
            <strong>{words.refusedTitle}</strong>
            <p>{error}</p>
            {status === 403 && error === checkoutCopy.order.verifyEmailFirst ? (
              <ResendVerification />
            ) : (
              <p>
                {words.nothingReserved} {backToBag}
              </p>
            )}
          </Refusal>
        )}
        {(state.matches('details') || state.matches('reserving') || state.matches('failed')) && (
          <DetailsForm
            initial={details}
            prefill={prefill}
            busy={state.matches('reserving')}
            askEmail={Boolean(guest)}
            lines={bag?.items ?? []}
            onSubmit={(submitted) => send({ type: 'SUBMIT', details: submitted })}
          />
        )}
        {state.matches('intentFailed') && (
          <ErrorPanel message={error ?? checkoutCopy.payment.notReady} {...retry}>
            <p>{ordersLink}</p>
          </ErrorPanel>
        )}
        {payment && (
          <CardPayment
            payment={payment}
            send={sendPaying}
            gateway={gateway}
            cardForm={card.cardForm}
            onCardForm={card.onCardForm}
            title={words.cardPayment}
            intro={checkout?.expiresAt && <p>{words.holdUntil(time(checkout.expiresAt))}</p>}
            declinedHint={words.declinedHint}
          />
        )}
      </Side>
    </Columns>
  );
}
