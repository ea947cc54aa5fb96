import { useMachine } from '@xstate/react';
import { Suspense, useCallback, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { machineInspector } from '../../../machines/inspect';
import { CardError, paymentMachine } from './paymentMachine';
import { selectIsAdmin } from '../../../store/authSlice';
import { unwrapOrThrow } from '../../../store/callApi';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button } from '../../../ui/Button';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { media } from '../../../ui/theme';
import type { CardFormHandle } from './cardForm';
import type { PaymentGateway } from './gateway';
import { OrderSummary } from './OrderSummary';
import { CardPanel, CardProblem, Notice } from './paymentPanel';
import { orderLifecycleApi } from '../../../shared/orders/orderLifecycleApi';
import { usePayOrderMutation } from '../checkoutApi';
import { useCreatePaymentIntentMutation } from './paymentApi';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.desktop} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`;

/**
 * Paying for one order: a view over the payment machine. The gateway (local card form or
 * Stripe's Payment Element) is handed in; the machine only sees the actors built from it.
 */
export function PaymentCheckout({
  orderId,
  gateway,
}: {
  orderId: string;
  gateway: PaymentGateway;
}) {
  const dispatch = useAppDispatch();
  const admin = useAppSelector(selectIsAdmin);
  const [createIntent] = useCreatePaymentIntentMutation();
  const [payOrder] = usePayOrderMutation();
  // Set by the card form once it can take a card, cleared when it goes away.
  const [cardForm, setCardForm] = useState<CardFormHandle | null>(null);

  const [state, send] = useMachine(
    paymentMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }) =>
          unwrapOrThrow(
            dispatch(
              orderLifecycleApi.endpoints.getOrder.initiate(input.orderId, {
                subscribe: false,
                forceRefetch: true,
              }),
            ),
          ),
        ),
        // The provider's script loads while the server creates the PaymentIntent.
        createIntent: fromPromise(async ({ input }) => {
          const [, intent] = await Promise.all([
            gateway.prepare(),
            unwrapOrThrow(createIntent({ orderId: input.orderId })),
          ]);
          return intent;
        }),
        confirmCard: fromPromise(({ input }) => {
          if (!cardForm) {
            throw new CardError(checkoutCopy.payment.cardFormLoading);
          }
          return cardForm.confirm(input);
        }),
        recordPayment: fromPromise(({ input }) =>
          unwrapOrThrow(payOrder({ id: input.orderId, transactionId: input.transactionId })),
        ),
      },
    }),
    { input: { orderId }, inspect: machineInspector() },
  );

  const { order, clientSecret, transactionId, error, retryable } = state.context;
  // Offered only where trying again can help: not for a bad link or someone else's order.
  const retry = retryable
    ? { actionLabel: checkoutCopy.payment.tryAgain, onAction: () => send({ type: 'RETRY' }) }
    : {};
  const ready = state.matches('ready');
  const showForm =
    clientSecret !== null &&
    (ready ||
      state.matches('confirming') ||
      state.matches('recordingPayment') ||
      state.matches('recordFailed') ||
      state.matches('paid'));

  const formReady = showForm && cardForm !== null;
  const onUnavailable = useCallback(
    (message: string) => send({ type: 'PROVIDER_UNAVAILABLE', message }),
    [send],
  );

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (ready && formReady) send({ type: 'PAY' });
  };
  const back = admin
    ? { to: '/dashboard/allOrders', label: checkoutCopy.payment.backToAllOrders }
    : { to: '/dashboard/myorder', label: checkoutCopy.payment.backToMyOrders };

  if (state.matches('loadingOrder'))
    return <Spinner label={checkoutCopy.payment.loadingOrder} showLabel />;
  if (!order) {
    return (
      <ErrorPanel message={error ?? checkoutCopy.payment.orderFailed} {...retry}>
        <p>
          <TextLink to={back.to}>{back.label}</TextLink>
        </p>
      </ErrorPanel>
    );
  }

  return (
    <Columns>
      <OrderSummary order={order} />
      {state.matches('expired') ? (
        <Notice $tone="danger" role="alert">
          <strong>{copy.myOrders.expired}</strong>
          <p>{copy.payment.expired}</p>
          <TextLink to={back.to}>{back.label}</TextLink>
        </Notice>
      ) : state.matches('failed') || state.matches('providerUnavailable') ? (
        <ErrorPanel message={error ?? checkoutCopy.payment.notReady} {...retry}>
          {state.matches('providerUnavailable') ? (
            <p>{checkoutCopy.payment.providerDown}</p>
          ) : (
            <p>
              <TextLink to={back.to}>{back.label}</TextLink>
            </p>
          )}
        </ErrorPanel>
      ) : (
        <CardPanel onSubmit={pay} aria-labelledby="card-details" noValidate>
          <h2 id="card-details">{checkoutCopy.payment.cardDetails}</h2>
          {state.matches('creatingIntent') && (
            <Spinner label={checkoutCopy.payment.gettingReady} showLabel />
          )}
          {showForm && (
            <Suspense fallback={<Spinner label={checkoutCopy.payment.loadingCardForm} showLabel />}>
              <gateway.CardForm
                key={clientSecret}
                clientSecret={clientSecret}
                billing={{ name: order.name, email: order.email }}
                disabled={!ready}
                onReady={setCardForm}
                onUnavailable={onUnavailable}
              />
            </Suspense>
          )}
          {state.matches({ ready: 'cardError' }) && <CardProblem role="alert">{error}</CardProblem>}
          <Button type="submit" $block $size="lg" disabled={!ready || !formReady}>
            {copy.payment.pay}
          </Button>
          {state.matches('confirming') && (
            <Spinner inline label={checkoutCopy.payment.confirming} showLabel />
          )}
          {state.matches('recordingPayment') && (
            <Spinner inline label={checkoutCopy.payment.recording} showLabel />
          )}
          {state.matches('recordFailed') && (
            <Notice $tone="danger" role="alert">
              <strong>{error}</strong>
              {retryable ? (
                <>
                  <p>{checkoutCopy.payment.recordAgain}</p>
                  <Button $variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                    {checkoutCopy.payment.tryAgain}
                  </Button>
                </>
              ) : (
                <p>
                  {checkoutCopy.payment.recordRefused} <code>{transactionId}</code>.
                </p>
              )}
            </Notice>
          )}
          {state.matches('paid') && (
            <Notice $tone="success" role="status">
              <strong>{copy.payment.success}</strong>
              <p>
                {checkoutCopy.payment.transactionId} <code>{transactionId}</code>
              </p>
              <TextLink to={back.to}>{back.label}</TextLink>
            </Notice>
          )}
        </CardPanel>
      )}
    </Columns>
  );
}
