import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  ORDER_QUANTITY,
  orderTotalProblem,
  PHONE_PATTERN,
  PHONE_PROBLEM,
  TEXT_MAX,
} from '@contract/limits';
import type { CreateOrderBody, Order } from '@contract/orders';
import type { Product } from '@contract/products';
import { stockRefuses, unitsOrderable } from '@contract/stockRule';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { errorMessage } from '../../../machines/errorMessage';

/** What the modal needs of the product: shown read-only, and the stock rule's numbers. */
export type OrderProduct = Pick<
  Product,
  '_id' | 'name' | 'price' | 'availablequantity' | 'orderquantity'
>;

/** The signed-in user the order is for (read-only in the modal). */
export interface Buyer {
  name: string;
  email: string;
}

/** What the shopper typed, as typed: the machine decides what is acceptable. */
export interface OrderDraft {
  address: string;
  number: string;
  quantity: string;
}

export type OrderField = keyof OrderDraft;
export type FieldErrors = Partial<Record<OrderField, string>>;

/** A toast the view shows. */
export interface Notice {
  kind: 'success' | 'error';
  message: string;
}

export interface OrderModalContext {
  product: OrderProduct | null;
  buyer: Buyer | null;
  /** The last submitted draft. */
  draft: OrderDraft;
  /** Required fields left empty or typed in a form the API refuses, shown in red under each. */
  fieldErrors: FieldErrors;
  /** Why the last attempt was refused: one of the spec's messages or the server's. */
  reason: string | null;
}

export type OrderModalEvent =
  | { type: 'OPEN'; product: OrderProduct; buyer: Buyer }
  | { type: 'SUBMIT'; draft: OrderDraft }
  | { type: 'CLOSE' };

export const emptyDraft: OrderDraft = { address: '', number: '', quantity: '' };

const requiredMessages: Record<OrderField, string> = {
  address: copy.order.addressRequired,
  number: copy.order.phoneRequired,
  quantity: copy.order.quantityRequired,
};

/** The spec: address, phone number and quantity are required. */
export function missingFields(draft: OrderDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(requiredMessages) as OrderField[]) {
    if (draft[field].trim() === '') errors[field] = requiredMessages[field];
  }
  return errors;
}

const phonePattern = new RegExp(PHONE_PATTERN);

/** The API's rules for the typed fields, checked before sending, in the API's own words. */
export function invalidFields(draft: OrderDraft): FieldErrors {
  const errors: FieldErrors = {};
  const labels = copy.order.fields;
  if (draft.address.trim().length > TEXT_MAX.address) {
    errors.address = checkoutCopy.order.tooLong(labels.address, TEXT_MAX.address);
  }
  if (!phonePattern.test(draft.number.trim())) {
    errors.number = checkoutCopy.order.fieldProblem(labels.phone, PHONE_PROBLEM);
  }
  if (Number(draft.quantity) > ORDER_QUANTITY.max) {
    errors.quantity = checkoutCopy.order.atMost(labels.quantity, ORDER_QUANTITY.max);
  }
  return errors;
}

/** A refusal of the API about one typed field: shown under that field. */
function refusedField(error: unknown): FieldErrors {
  const field = (error as { field?: unknown } | null)?.field;
  if (field !== 'address' && field !== 'number' && field !== 'quantity') return {};
  return { [field]: errorMessage(error) };
}

/**
 * The spec's 'wrong input a quantity': below 0. A quantity that is not a whole number is just
 * as wrong (a number input can still hold 1.5). 0 passes: the server's answer decides.
 */
export function isWrongQuantity(quantity: string): boolean {
  const value = Number(quantity);
  return !Number.isInteger(value) || value < 0;
}

/** How many units the spec's stock rule lets one order take. */
export function maxOrderable(product: Pick<OrderProduct, 'availablequantity' | 'orderquantity'>) {
  // The spec's stock rule, and no more than one order may take.
  return Math.min(ORDER_QUANTITY.max, unitsOrderable(product));
}

/** The spec's stock rule: refuse when available - orderquantity < quantity. */
export function exceedsAvailable(product: OrderProduct, quantity: string): boolean {
  return stockRefuses(product, Number(quantity));
}

/** Why the order's total cannot be paid by card, in the server's words; null when it can. */
export const totalProblem = (price: number, quantity: string): string | null =>
  orderTotalProblem(Math.round(price * 100) * Number(quantity));

/** The spec's order payload (the server takes name and price from the product anyway). */
export function orderBody(context: OrderModalContext): CreateOrderBody {
  const { product, buyer, draft } = context;
  if (!product || !buyer) throw new Error('An order needs a product and a buyer');
  return {
    productId: product._id,
    ProductName: product.name,
    price: product.price,
    name: buyer.name,
    email: buyer.email,
    address: draft.address.trim(),
    number: draft.number.trim(),
    quantity: Number(draft.quantity),
  };
}

const initialContext: OrderModalContext = {
  product: null,
  buyer: null,
  draft: emptyDraft,
  fieldErrors: {},
  reason: null,
};

/**
 * The order modal: closed → open (editing → validating → submitting → failure) → success.
 * `placeOrder` (the POST) and `notify` (the toasts) are provided by the view.
 */
export const orderModalMachine = setup({
  types: {
    context: {} as OrderModalContext,
    events: {} as OrderModalEvent,
  },
  actors: {
    placeOrder: fromPromise<Order, CreateOrderBody>(async () => {
      throw new Error('placeOrder is provided by the view');
    }),
  },
  guards: {
    hasMissingFields: ({ context }) => Object.keys(missingFields(context.draft)).length > 0,
    hasInvalidFields: ({ context }) => Object.keys(invalidFields(context.draft)).length > 0,
    isWrongQuantity: ({ context }) => isWrongQuantity(context.draft.quantity),
    exceedsAvailable: ({ context }) =>
      context.product !== null && exceedsAvailable(context.product, context.draft.quantity),
    exceedsPayableTotal: ({ context }) =>
      context.product !== null &&
      totalProblem(context.product.price, context.draft.quantity) !== null,
  },
  actions: {
    openFor: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return { ...initialContext, product: event.product, buyer: event.buyer };
    }),
    keepDraft: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      return { draft: event.draft };
    }),
    flagMissingFields: assign(({ context }) => ({
      fieldErrors: missingFields(context.draft),
      reason: null,
    })),
    flagInvalidFields: assign(({ context }) => ({
      fieldErrors: invalidFields(context.draft),
      reason: null,
    })),
    refuse: assign((_, params: { reason: string; fieldErrors?: FieldErrors }) => ({
      fieldErrors: params.fieldErrors ?? {},
      reason: params.reason,
    })),
    clearErrors: assign({ fieldErrors: {}, reason: null }),
    // Closing forgets what was typed: the next order starts from an empty form.
    forget: assign(initialContext),
    forgetDraft: assign({ draft: emptyDraft, fieldErrors: {}, reason: null }),
    /** A toast; the view provides it. */
    notify: (_, _notice: Notice) => {},
  },
}).createMachine({
  id: 'orderModal',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: 'openFor' } },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT: { target: 'validating', actions: 'keepDraft' },
            CLOSE: { target: '#orderModal.closed', actions: 'forget' },
          },
        },
        /** The spec's client checks, in order; the first that fails decides. */
        validating: {
          always: [
            { guard: 'hasMissingFields', target: 'editing', actions: 'flagMissingFields' },
            { guard: 'hasInvalidFields', target: 'editing', actions: 'flagInvalidFields' },
            {
              guard: 'isWrongQuantity',
              target: 'failure',
              actions: { type: 'refuse', params: { reason: copy.order.wrongQuantity } },
            },
            {
              guard: 'exceedsAvailable',
              target: 'failure',
              actions: { type: 'refuse', params: { reason: copy.order.unavailableQuantity } },
            },
            {
              guard: 'exceedsPayableTotal',
              target: 'failure',
              actions: {
                type: 'refuse',
                params: ({ context }) => ({
                  reason: totalProblem(context.product!.price, context.draft.quantity)!,
                }),
              },
            },
            { target: 'submitting', actions: 'clearErrors' },
          ],
        },
        /** The POST is out: the form waits and cannot be closed half-way. */
        submitting: {
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => orderBody(context),
            onDone: { target: '#orderModal.success', actions: 'forgetDraft' },
            onError: {
              target: 'failure',
              actions: {
                type: 'refuse',
                params: ({ event }) => ({
                  reason: errorMessage(event.error),
                  fieldErrors: refusedField(event.error),
                }),
              },
            },
          },
        },
        /** Refused: the modal stays open with the reason, and the form can be corrected. */
        failure: {
          // Said once: under the field it is about, else as a toast.
          entry: enqueueActions(({ context, enqueue }) => {
            if (Object.keys(context.fieldErrors).length > 0) return;
            enqueue({ type: 'notify', params: { kind: 'error', message: context.reason ?? '' } });
          }),
          on: {
            SUBMIT: { target: 'validating', actions: 'keepDraft' },
            CLOSE: { target: '#orderModal.closed', actions: 'forget' },
          },
        },
      },
    },
    /** Ordered: the modal is closed and the toast says so. */
    success: {
      entry: { type: 'notify', params: { kind: 'success', message: copy.order.ordered } },
      on: { OPEN: { target: 'open', actions: 'openFor' } },
    },
  },
});
