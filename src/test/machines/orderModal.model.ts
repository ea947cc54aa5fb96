import type { AnyEventObject } from 'xstate';
import { copy } from '@contract/copy';
import { ApiError } from '../../store/callApi';
import { deliveryPrefill, type DeliveryPrefill } from '../../features/checkout/deliveryPrefill';
import { anOrder, aProfile } from '../builders';
import type { MachineModel } from './machineModel';
import type { OrderDraft, OrderProduct } from '../../features/checkout/orderModal/orderFields';
import {
  orderModalMachine,
  type Buyer,
  type OrderModalContext,
} from '../../features/checkout/orderModal/orderModalMachine';

/** 10 in stock, 2 kept back by the spec's rule: up to 8 can be ordered. */
export const modelProduct: OrderProduct = {
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000001',
  name: 'RoadGrip Summer 205/55 R16 91V',
  price: 89.99,
  availablequantity: 10,
  orderquantity: 2,
};

export const modelBuyer: Buyer = { name: 'Demo Shopper', email: 'shopper@store.test' };

/** The drafts QA types: one per rule of the spec's section 5. */
export const drafts = {
  empty: { address: '', number: '', quantity: '' },
  valid: { address: '12 Foundry Lane, Leeds', number: '0113 496 0000', quantity: '3' },
  belowZero: { address: '12 Foundry Lane, Leeds', number: '0113 496 0000', quantity: '-1' },
  tooMany: { address: '12 Foundry Lane, Leeds', number: '0113 496 0000', quantity: '9' },
  /** The API's phone rule, checked in the modal. */
  badPhone: { address: '12 Foundry Lane, Leeds', number: '12', quantity: '3' },
  /** Passes the client's checks; the server refuses it. */
  zero: { address: '12 Foundry Lane, Leeds', number: '0113 496 0000', quantity: '0' },
} satisfies Record<string, OrderDraft>;

export const placedOrder = anOrder({
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000301',
  product: modelProduct,
  name: modelBuyer.name,
  email: modelBuyer.email,
  address: drafts.valid.address,
  number: drafts.valid.number,
  quantity: 3,
});

/** The server's refusals the modal must show: stock taken meanwhile, and quantity 0. */
export const serverRefusals = {
  stock: new ApiError(copy.order.unavailableQuantity, 409),
  zero: new ApiError(
    'Quantity must be at least 1: an order is for one unit or more.',
    400,
    'quantity',
  ),
};

/** The shopper's profile, answered after the modal opened: the address comes prefilled. */
export const modelProfile = aProfile({ email: modelBuyer.email });

/** What the shopper types into one field (the last word of typing: the page types it whole). */
export const edits = {
  /** Fills the address flagged as required. */
  address: { field: 'address', value: drafts.valid.address },
  /** More than the stock allows: said under the field from the first key. */
  quantity: { field: 'quantity', value: drafts.tooMany.quantity },
} as const;

const events: AnyEventObject[] = [
  { type: 'CLOSE' },
  { type: 'OPEN', product: modelProduct, buyer: modelBuyer },
  ...Object.values(edits).map((edit) => ({ type: 'EDIT' as const, ...edit })),
  { type: 'PREFILL', prefill: deliveryPrefill(modelProfile, []) },
  ...Object.values(drafts).map((draft) => ({ type: 'SUBMIT' as const, draft })),
  { type: 'xstate.done.actor.placeOrder', output: placedOrder },
  ...Object.values(serverRefusals).map((error) => ({
    type: 'xstate.error.actor.placeOrder',
    error,
  })),
];

function describeDraft(draft: OrderDraft): string {
  const shown = (value: string) => (value === '' ? 'empty' : `"${value}"`);
  return `address ${shown(draft.address)}, phone ${shown(draft.number)}, quantity ${shown(draft.quantity)}`;
}

export const orderModalModel: MachineModel = {
  name: 'orderModal',
  machine: orderModalMachine,
  events,
  describeEvent(event) {
    switch (event.type) {
      case 'OPEN':
        return `OPEN: 'Add to shopping bag' on ${(event.product as OrderProduct).name}`;
      case 'SUBMIT':
        return `SUBMIT: ${describeDraft(event.draft as OrderDraft)}`;
      case 'EDIT':
        return `EDIT: types "${event.value as string}" as ${event.field as string}`;
      case 'PREFILL': {
        const prefill = event.prefill as DeliveryPrefill;
        return `PREFILL: the profile arrives (address "${prefill.address}")`;
      }
      case 'CLOSE':
        return 'CLOSE: Cancel';
      case 'xstate.done.actor.placeOrder':
        return 'the server places the order (201)';
      case 'xstate.error.actor.placeOrder': {
        const error = event.error as ApiError;
        return `the server refuses (${error.status}): "${error.message}"`;
      }
      default:
        return event.type;
    }
  },
  // What the shopper sees: which fields are checked as they type, or were typed in, shows only
  // in what the next step does, so it does not make a state of its own.
  stateKey(snapshot) {
    const { draft, fieldErrors, reason, buyer } = snapshot.context as OrderModalContext;
    return JSON.stringify({ value: snapshot.value, draft, fieldErrors, reason, buyer });
  },
  describeState(snapshot) {
    const { fieldErrors, reason, reasonField } = snapshot.context as OrderModalContext;
    const said = Object.values(fieldErrors).map((message) => `"${message}"`);
    // A refusal about a field that says it in other words: the toast, then the field's words.
    if (reason && reasonField && fieldErrors[reasonField] !== reason) said.unshift(`"${reason}"`);
    if (reason && !reasonField) said.unshift(`"${reason}"`);
    return said.length > 0 ? said.join(', ') : null;
  },
};
