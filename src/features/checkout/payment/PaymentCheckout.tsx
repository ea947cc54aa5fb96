import { useMachine } from '@xstate/react';
import { useCallback } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { machineInspector } from '../../../machines/inspect';
import { paymentMachine, payingForOrder } from './paymentMachine';
import { CardPayment, useCardForm, usePaying } from './CardPayment';
import type { PayingEvent } from './payingMachine';
import { selectIsAdmin } from '../../../store/authSlice';
import { unwrapOrThrow } from '../../../store/callApi';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { media } from '../../../ui/theme';
import type { PaymentGateway } from './gateway';
import { OrderSummary } from './OrderSummary';
import { Notice } from './paymentPanel';
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
  const card = useCardForm();

  const [state, send, actor] = useMachine(
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
        paying: payingForOrder.provide({
          actors: {
            // The provider's script loads while the server creates the PaymentIntent.
            createIntent: fromPromise(async ({ input }) => {
              const [, intent] = await Promise.all([
                gateway.prepare(),
                unwrapOrThrow(createIntent({ orderId: input.id })),
              ]);
              return intent;
            }),
            confirmCard: fromPromise(({ input }) => card.confirm(input)),
            recordPayment: fromPromise(({ input }) =>
              unwrapOrThrow(payOrder({ id: input.id, transactionId: input.transactionId })),
            ),
          },
        }),
      },
    }),
    { input: { orderId }, inspect: machineInspector() },
  );
  const payment = usePaying(state.children.paying);
  // Stable, and always to the payment under way (a retry invokes a new one).
  const sendPaying = useCallback(
    (event: PayingEvent) => actor.getSnapshot().children.paying?.send(event),
    [actor],
  );

  const { order, clientSecret, transactionId, error, retryable } = state.context;
  // Offered only where trying again can help: not for a bad link or someone else's order.
  const retry = retryable
    ? { actionLabel: checkoutCopy.payment.tryAgain, onAction: () => send({ type: 'RETRY' }) }
    : {};
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
  const billing = { name: order.name, email: order.email };
  // Paid: the card form stays, read-only, with the notice under it.
  const shown =
    payment ??
    (state.matches('paid')
      ? {
          stage: 'paid' as const,
          context: { clientSecret, billing, transactionId, error: null, retryable },
        }
      : null);

  return (
    <Columns>
      <OrderSummary order={order} />
      {state.matches('expired') ? (
        <Notice $tone="danger" role="alert">
          <strong>{copy.myOrders.expired}</strong>
          <p>{copy.payment.expired}</p>
          <TextLink to={back.to}>{back.label}</TextLink>
        </Notice>
      ) : shown ? (
        <CardPayment
          payment={shown}
          send={sendPaying}
          gateway={gateway}
          cardForm={card.cardForm}
          onCardForm={card.onCardForm}
          title={checkoutCopy.payment.cardDetails}
        >
          {state.matches('paid') && (
            <Notice $tone="success" role="status">
              <strong>{copy.payment.success}</strong>
              <p>
                {checkoutCopy.payment.transactionId} <code>{transactionId}</code>
              </p>
              <TextLink to={back.to}>{back.label}</TextLink>
            </Notice>
          )}
        </CardPayment>
      ) : (
        <ErrorPanel message={error ?? checkoutCopy.payment.notReady} {...retry}>
          <p>
            <TextLink to={back.to}>{back.label}</TextLink>
          </p>
        </ErrorPanel>
      )}
    </Columns>
  );
}
