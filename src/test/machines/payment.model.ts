import type { AnyEventObject } from 'xstate';
import type { Order } from '@contract/orders';
import { copy } from '@contract/copy';
import { apiErrorMessage } from '../../store/apiError';
import { ApiError } from '../../store/callApi';
import { anOrder } from '../builders';
import type { MachineModel } from './machineModel';
import {
  CardError,
  paymentMachine,
  ProviderUnavailableError,
  type PaymentContext,
} from '../../features/checkout/payment/paymentMachine';

export const unpaidOrder = anOrder({ _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000501', quantity: 2 });

export const transactionId = 'pi_local_3Rk9TestPaid0000000';

export const paidOrder: Order = { ...unpaidOrder, paid: true, status: 'paid', transactionId };

/** Unpaid past its stock hold: the server takes no payment for it. */
export const expiredOrder: Order = {
  ...unpaidOrder,
  expiresAt: '2020-01-01T00:00:00.000Z',
  expired: true,
};

export const clientSecret = `${transactionId}_secret_Model0000000000000`;

/** What can go wrong, one of each kind. */
export const failures = {
  noOrder: new ApiError('No order with this id.', 404),
  alreadyPaid: new ApiError('This order is already paid.', 409),
  // A fault on the server's side: the one failure of the page that trying again can help.
  serverFault: new ApiError('Something went wrong on our side. Please try again.', 503),
  scriptFailed: new ProviderUnavailableError(copy.payment.scriptFailed),
  declined: new CardError('Your card was declined.'),
  // What the store says when the network fails (RTK Query's FETCH_ERROR).
  offline: new ApiError(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError' }), null),
};

const events: AnyEventObject[] = [
  { type: 'PAY' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadOrder', output: unpaidOrder },
  { type: 'xstate.done.actor.loadOrder', output: paidOrder },
  { type: 'xstate.done.actor.loadOrder', output: expiredOrder },
  { type: 'xstate.error.actor.loadOrder', error: failures.noOrder },
  { type: 'xstate.done.actor.createIntent', output: { clientSecret } },
  { type: 'xstate.error.actor.createIntent', error: failures.scriptFailed },
  { type: 'xstate.error.actor.createIntent', error: failures.alreadyPaid },
  { type: 'xstate.error.actor.createIntent', error: failures.serverFault },
  { type: 'PROVIDER_UNAVAILABLE', message: copy.payment.scriptUnavailable },
  { type: 'xstate.done.actor.confirmCard', output: { transactionId } },
  { type: 'xstate.error.actor.confirmCard', error: failures.declined },
  { type: 'xstate.done.actor.recordPayment', output: paidOrder },
  { type: 'xstate.error.actor.recordPayment', error: failures.offline },
];

const loaded = (order: Order) =>
  order.paid ? 'paid already' : order.expired ? 'expired unpaid' : 'unpaid';

export const paymentModel: MachineModel = {
  name: 'payment',
  machine: paymentMachine,
  input: { orderId: unpaidOrder._id },
  events,
  describeEvent(event) {
    const { output, error } = event as { output?: unknown; error?: Error };
    switch (event.type) {
      case 'PAY':
        return 'PAY: card details typed, Pay';
      case 'RETRY':
        return 'RETRY: Try again';
      case 'PROVIDER_UNAVAILABLE':
        return `PROVIDER_UNAVAILABLE: the card form fails to load ("${event.message}")`;
      case 'xstate.done.actor.loadOrder':
        return `the order loads (${loaded(output as Order)})`;
      case 'xstate.done.actor.createIntent':
        return 'the server gives a client secret and the payment script is ready';
      case 'xstate.done.actor.confirmCard':
        return `the provider confirms the card (${(output as { transactionId: string }).transactionId})`;
      case 'xstate.done.actor.recordPayment':
        return 'the server marks the order paid';
      default:
        if (event.type.startsWith('xstate.error.actor.')) {
          const actor = event.type.slice('xstate.error.actor.'.length);
          return `${actor} fails: "${error?.message}"`;
        }
        return event.type;
    }
  },
  describeState(snapshot) {
    const context = snapshot.context as PaymentContext;
    if (context.error) return `"${context.error}"`;
    if (snapshot.matches('paid')) return `transaction ${context.transactionId}`;
    return null;
  },
};
