import type { AnyEventObject } from 'xstate';
import type { Bag } from '@contract/bag';
import type { Checkout } from '@contract/checkout';
import type { Order } from '@contract/orders';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { apiErrorMessage } from '../../store/apiError';
import { ApiError } from '../../store/callApi';
import {
  bagCheckoutMachine,
  type BagCheckoutContext,
  type BagCheckoutInput,
  type CheckoutDetails,
} from '../../features/checkout/bagCheckout/bagCheckoutMachine';
import {
  CardError,
  ProviderUnavailableError,
} from '../../features/checkout/payment/paymentMachine';
import { anOrder } from '../builders';
import type { MachineModel } from './machineModel';

/** Two lines: four tyres and a battery, $449.95 in all. */
export const modelBag: Bag = {
  items: [
    {
      productId: '7d6f8f3e-2c1a-4b5e-9f00-000000000001',
      name: 'RoadGrip Summer 205/55 R16 91V',
      price: 89.99,
      priceWhenAdded: 89.99,
      quantity: 4,
      availablequantity: 20,
      img: '/images/products/roadgrip-summer.webp',
      status: 'active',
      problem: null,
    },
    {
      productId: '7d6f8f3e-2c1a-4b5e-9f00-000000000002',
      name: 'PowerCell AGM Battery 12V 70Ah',
      price: 89.99,
      priceWhenAdded: 89.99,
      quantity: 1,
      availablequantity: 5,
      img: '/images/products/powercell-agm.webp',
      status: 'active',
      problem: null,
    },
  ],
  total: 449.95,
  notices: [],
};

export const emptyBag: Bag = { items: [], total: 0, notices: [] };

export const modelDetails: CheckoutDetails = {
  name: 'Demo Shopper',
  address: '12 Foundry Lane, Leeds',
  number: '0113 496 0000',
  fitting: null,
};

export const checkoutId = '5e0c7a1b-3d2f-4e6a-8b9c-000000000701';
export const checkoutTransactionId = 'pi_local_3Rk9TestBagPaid00000';
export const checkoutSecret = `${checkoutTransactionId}_secret_Model0000000000000`;

function orderOf(line: Bag['items'][number], index: number): Order {
  return anOrder({
    _id: `0b8e3c52-7a4d-4f1e-9c3b-00000000070${index + 2}`,
    product: { _id: line.productId, name: line.name, price: line.price },
    name: modelDetails.name,
    address: modelDetails.address,
    number: modelDetails.number,
    quantity: line.quantity,
    checkoutId,
  });
}

export const placedCheckout: Checkout = {
  _id: checkoutId,
  orders: modelBag.items.map(orderOf),
  total: modelBag.total,
  fitting: null,
  paid: false,
  transactionId: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  expired: false,
  createdAt: '2026-11-27T07:00:00.000Z',
};

export const paidCheckout: Checkout = {
  ...placedCheckout,
  orders: placedCheckout.orders.map((order) => ({
    ...order,
    paid: true,
    status: 'paid',
    transactionId: checkoutTransactionId,
    expiresAt: null,
  })),
  paid: true,
  transactionId: checkoutTransactionId,
  expiresAt: null,
};

export const expiredCheckout: Checkout = {
  ...placedCheckout,
  orders: placedCheckout.orders.map((order) => ({ ...order, expired: true })),
  expiresAt: '2020-01-01T00:00:00.000Z',
  expired: true,
};

/** One of each kind of failure the shopper can meet. */
export const checkoutFailures = {
  offline: new ApiError(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError' }), null),
  /** A read the store does not retry by itself (a 4xx), that trying again can help. */
  busy: new ApiError('Too many requests: please wait a moment, then try again.', 429),
  noCheckout: new ApiError('No checkout with this id.', 404),
  /** All or nothing: the API names the product and what is left. */
  shortOfStock: new ApiError(
    'RoadGrip Summer 205/55 R16 91V: only 2 left, you asked for 4. Nothing was reserved.',
    409,
  ),
  unverified: new ApiError(checkoutCopy.order.verifyEmailFirst, 403),
  expired: new ApiError(
    'This checkout was not paid within 30 minutes, so its orders expired.',
    409,
  ),
  scriptFailed: new ProviderUnavailableError(copy.payment.scriptFailed),
  declined: new CardError('Your card was declined.'),
};

export const bagInput: BagCheckoutInput = { checkoutId: null };
export const resumeInput: BagCheckoutInput = { checkoutId };

const error = (actor: string, failure: Error) => ({
  type: `xstate.error.actor.${actor}`,
  error: failure,
});
const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output });

const events: AnyEventObject[] = [
  done('loadBag', modelBag),
  done('loadBag', emptyBag),
  error('loadBag', checkoutFailures.busy),
  { type: 'SUBMIT', details: modelDetails },
  done('placeCheckout', placedCheckout),
  error('placeCheckout', checkoutFailures.shortOfStock),
  error('placeCheckout', checkoutFailures.unverified),
  error('placeCheckout', checkoutFailures.offline),
  { type: 'RETRY' },
  done('loadCheckout', placedCheckout),
  done('loadCheckout', paidCheckout),
  done('loadCheckout', expiredCheckout),
  error('loadCheckout', checkoutFailures.noCheckout),
  done('createIntent', { clientSecret: checkoutSecret }),
  error('createIntent', checkoutFailures.scriptFailed),
  error('createIntent', checkoutFailures.expired),
  { type: 'PROVIDER_UNAVAILABLE', message: 'Stripe could not show the card form.' },
  { type: 'PAY' },
  done('confirmCard', { transactionId: checkoutTransactionId }),
  error('confirmCard', checkoutFailures.declined),
  done('recordPayment', paidCheckout),
  error('recordPayment', checkoutFailures.offline),
];

function describeOutput(actor: string, output: unknown): string {
  switch (actor) {
    case 'loadBag':
      return `the bag loads with ${(output as Bag).items.length} lines`;
    case 'loadCheckout': {
      const checkout = output as Checkout;
      const state = checkout.paid ? 'paid' : checkout.expired ? 'expired' : 'unpaid';
      return `the checkout loads (${state})`;
    }
    case 'placeCheckout':
      return `the server places ${(output as Checkout).orders.length} orders (201)`;
    case 'createIntent':
      return 'the server creates the payment intent for the total';
    case 'confirmCard':
      return 'the provider confirms the card 4242 4242 4242 4242';
    case 'recordPayment':
      return 'the server marks every order paid';
    default:
      return actor;
  }
}

export const bagCheckoutModel: MachineModel = {
  name: 'bagCheckout',
  machine: bagCheckoutMachine,
  inputs: [bagInput, resumeInput],
  describeInput: (input) =>
    (input as BagCheckoutInput).checkoutId
      ? 'from My Orders: /checkout/:id/pay of an unpaid checkout'
      : 'from the bag: /checkout',
  events,
  describeEvent(event) {
    if (event.type.startsWith('xstate.done.actor.')) {
      return describeOutput(event.type.slice('xstate.done.actor.'.length), event.output);
    }
    if (event.type.startsWith('xstate.error.actor.')) {
      const actor = event.type.slice('xstate.error.actor.'.length);
      const failure = event.error as ApiError;
      const status = 'status' in failure ? ` (${failure.status ?? 'no answer'})` : '';
      return `${actor} fails${status}: "${failure.message}"`;
    }
    switch (event.type) {
      case 'SUBMIT': {
        const details = event.details as CheckoutDetails;
        const how = details.fitting ? `fitting on ${details.fitting}` : 'delivery';
        return `SUBMIT: Place order for ${details.name}, ${details.address}, ${details.number}, ${how}`;
      }
      case 'RETRY':
        return `RETRY: 'Try again'`;
      case 'PAY':
        return 'PAY: card 4242 4242 4242 4242 (or 4000 0000 0000 0002), Pay';
      case 'PROVIDER_UNAVAILABLE':
        return `Stripe's card form fails to load: "${event.message}"`;
      default:
        return event.type;
    }
  },
  describeState(snapshot) {
    const context = snapshot.context as BagCheckoutContext;
    if (context.error) return `"${context.error}"`;
    if (snapshot.matches('paid')) return `transaction ${context.transactionId}`;
    return null;
  },
};
