import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { Button } from '../../../ui/Button';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Spinner } from '../../../ui/Spinner';
import type { CardFormHandle } from './cardForm';
import type { PaymentGateway } from './gateway';
import type { createPayingMachine, PayingContext, PayingEvent } from './payingMachine';
import { CardError, type Billing } from './paymentErrors';
import { CardPanel, CardProblem, Notice } from './paymentPanel';

const words = checkoutCopy.payment;

/** Where a card payment is, as the card panel shows it; `paid` once the invoking machine ends. */
export type PayingStage =
  | 'creatingIntent'
  | 'ready'
  | 'cardError'
  | 'confirming'
  | 'recordingPayment'
  | 'recordFailed'
  | 'providerUnavailable'
  | 'paid';

/** What the card panel shows of a payment. */
export interface CardPaymentView {
  stage: PayingStage;
  context: Pick<
    PayingContext<unknown>,
    'clientSecret' | 'billing' | 'transactionId' | 'error' | 'retryable'
  >;
}

type PayingRef<Paid> = ActorRefFrom<ReturnType<typeof createPayingMachine<Paid>>>;

/** The paying machine's child actor, as the card panel shows it (null when there is none). */
export function usePaying<Paid>(paying: PayingRef<Paid> | undefined): CardPaymentView | null {
  return useSelector(
    paying,
    (snapshot) => {
      if (!snapshot) return null;
      const stage: PayingStage = snapshot.matches({ ready: 'cardError' })
        ? 'cardError'
        : snapshot.matches('ready')
          ? 'ready'
          : (snapshot.value as PayingStage);
      return { stage, context: snapshot.context };
    },
    (a, b) => a?.stage === b?.stage && a?.context === b?.context,
  );
}

/**
 * The card form on screen, and `confirm` for the paying machine's `confirmCard`: the machine's
 * actors are made once per payment, so they reach the form as it is now, not as it was then.
 */
export function useCardForm() {
  const [cardForm, setCardForm] = useState<CardFormHandle | null>(null);
  const current = useRef<CardFormHandle | null>(null);
  const onCardForm = useCallback((handle: CardFormHandle | null) => {
    current.current = handle;
    setCardForm(handle);
  }, []);
  const confirm = useCallback((input: { clientSecret: string; billing: Billing }) => {
    if (!current.current) throw new CardError(words.cardFormLoading);
    return current.current.confirm(input);
  }, []);
  return { cardForm, onCardForm, confirm };
}

/**
 * The card payment's panel, the same for one order and for the bag's checkout: the provider's
 * card form (through the gateway), Pay (enabled only when ready), what is happening, a declined
 * card, a payment charged but not recorded. `children` come last (the order's paid notice).
 */
export function CardPayment({
  payment,
  send,
  gateway,
  cardForm,
  onCardForm,
  title,
  intro,
  declinedHint,
  children,
}: {
  payment: CardPaymentView;
  /** To the paying machine under way (nothing once it has ended). */
  send: (event: PayingEvent) => void;
  gateway: PaymentGateway;
  cardForm: CardFormHandle | null;
  onCardForm: (handle: CardFormHandle | null) => void;
  title: string;
  intro?: ReactNode;
  /** Said after a declined card's message. */
  declinedHint?: string;
  children?: ReactNode;
}) {
  const { stage } = payment;
  const { clientSecret, billing, transactionId, error, retryable } = payment.context;
  const onUnavailable = useCallback(
    (message: string) => send({ type: 'PROVIDER_UNAVAILABLE', message }),
    [send],
  );
  const retry = () => send({ type: 'RETRY' });
  const ready = stage === 'ready' || stage === 'cardError';
  // Not while a new intent is made: the form needs the gateway that attempt prepares.
  const showForm = clientSecret !== null && stage !== 'creatingIntent';
  const formReady = showForm && cardForm !== null;

  if (stage === 'providerUnavailable') {
    return (
      <ErrorPanel
        message={error ?? words.notReady}
        {...(retryable ? { actionLabel: words.tryAgain, onAction: retry } : {})}
      >
        <p>{words.providerDown}</p>
      </ErrorPanel>
    );
  }

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (ready && formReady) send({ type: 'PAY' });
  };

  return (
    <CardPanel onSubmit={pay} aria-labelledby="card-details" noValidate>
      <h2 id="card-details">{title}</h2>
      {intro}
      {stage === 'creatingIntent' && <Spinner label={words.gettingReady} showLabel />}
      {showForm && (
        <Suspense fallback={<Spinner label={words.loadingCardForm} showLabel />}>
          <gateway.CardForm
            key={clientSecret}
            clientSecret={clientSecret}
            billing={billing}
            disabled={!ready}
            onReady={onCardForm}
            onUnavailable={onUnavailable}
          />
        </Suspense>
      )}
      {stage === 'cardError' && (
        <CardProblem role="alert">
          {declinedHint ? (
            <>
              {error} {declinedHint}
            </>
          ) : (
            error
          )}
        </CardProblem>
      )}
      <Button type="submit" $block $size="lg" disabled={!ready || !formReady}>
        {copy.payment.pay}
      </Button>
      {stage === 'confirming' && <Spinner inline label={words.confirming} showLabel />}
      {stage === 'recordingPayment' && <Spinner inline label={words.recording} showLabel />}
      {stage === 'recordFailed' && (
        <Notice $tone="danger" role="alert">
          <strong>{error}</strong>
          {retryable ? (
            <>
              <p>{words.recordAgain}</p>
              <Button $variant="secondary" onClick={retry}>
                {words.tryAgain}
              </Button>
            </>
          ) : (
            <p>
              {words.recordRefused} <code>{transactionId}</code>.
            </p>
          )}
        </Notice>
      )}
      {children}
    </CardPanel>
  );
}
