import { Suspense, useCallback, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { Button } from '../../../ui/Button';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import type { CardFormHandle } from '../payment/cardForm';
import type { PaymentGateway } from '../payment/gateway';
import { CardPanel, CardProblem, Notice } from '../payment/paymentPanel';
import { billingOf, type bagCheckoutMachine, type BagCheckoutEvent } from './bagCheckoutMachine';

const words = checkoutCopy.bagCheckout;
const paymentWords = checkoutCopy.payment;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * One card payment for every order of the checkout, on the order's payment page's card form
 * (the local provider's or Stripe's, through the same gateway).
 */
export function CheckoutCardPanel({
  state,
  send,
  gateway,
  cardForm,
  onCardForm,
}: {
  state: SnapshotFrom<typeof bagCheckoutMachine>;
  send: (event: BagCheckoutEvent) => void;
  gateway: PaymentGateway;
  cardForm: CardFormHandle | null;
  onCardForm: (handle: CardFormHandle | null) => void;
}) {
  const { checkout, clientSecret, transactionId, error, retryable } = state.context;
  const onUnavailable = useCallback(
    (message: string) => send({ type: 'PROVIDER_UNAVAILABLE', message }),
    [send],
  );
  const ready = state.matches({ paying: 'ready' });
  // Not while a new intent is made: the form needs the gateway that attempt prepares.
  const showForm = clientSecret !== null && !state.matches({ paying: 'creatingIntent' });
  const formReady = showForm && cardForm !== null;
  const retry = () => send({ type: 'RETRY' });

  if (
    state.matches({ paying: 'intentFailed' }) ||
    state.matches({ paying: 'providerUnavailable' })
  ) {
    return (
      <ErrorPanel
        message={error ?? paymentWords.notReady}
        {...(retryable ? { actionLabel: paymentWords.tryAgain, onAction: retry } : {})}
      >
        {state.matches({ paying: 'providerUnavailable' }) ? (
          <p>{paymentWords.providerDown}</p>
        ) : (
          <p>
            <TextLink to="/dashboard/myorder">{paymentWords.backToMyOrders}</TextLink>
          </p>
        )}
      </ErrorPanel>
    );
  }

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (ready && formReady) send({ type: 'PAY' });
  };

  return (
    <CardPanel onSubmit={pay} aria-labelledby="card-details" noValidate>
      <h2 id="card-details">{words.cardPayment}</h2>
      {checkout?.expiresAt && <p>{words.holdUntil(time(checkout.expiresAt))}</p>}
      {state.matches({ paying: 'creatingIntent' }) && (
        <Spinner label={paymentWords.gettingReady} showLabel />
      )}
      {showForm && (
        <Suspense fallback={<Spinner label={paymentWords.loadingCardForm} showLabel />}>
          <gateway.CardForm
            key={clientSecret}
            clientSecret={clientSecret}
            billing={billingOf(state.context)}
            disabled={!ready}
            onReady={onCardForm}
            onUnavailable={onUnavailable}
          />
        </Suspense>
      )}
      {state.matches({ paying: { ready: 'cardError' } }) && (
        <CardProblem role="alert">
          {error} {words.declinedHint}
        </CardProblem>
      )}
      <Button type="submit" $block $size="lg" disabled={!ready || !formReady}>
        {copy.payment.pay}
      </Button>
      {state.matches({ paying: 'confirming' }) && (
        <Spinner inline label={paymentWords.confirming} showLabel />
      )}
      {state.matches({ paying: 'recordingPayment' }) && (
        <Spinner inline label={paymentWords.recording} showLabel />
      )}
      {state.matches({ paying: 'recordFailed' }) && (
        <Notice $tone="danger" role="alert">
          <strong>{error}</strong>
          {retryable ? (
            <>
              <p>{paymentWords.recordAgain}</p>
              <Button $variant="secondary" onClick={retry}>
                {paymentWords.tryAgain}
              </Button>
            </>
          ) : (
            <p>
              {paymentWords.recordRefused} <code>{transactionId}</code>.
            </p>
          )}
        </Notice>
      )}
    </CardPanel>
  );
}
