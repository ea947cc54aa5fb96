import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CreateOrderBody, Order } from '@contract/orders';
import { copy } from '@contract/copy';
import { errorMessage } from '../../../machines/errorMessage';
import type { DeliveryPrefill } from '../deliveryPrefill';
import {
  blockingFields,
  emptyDraft,
  exceedsAvailable,
  isWrongQuantity,
  orderFields,
  recheck,
  totalProblem,
  type FieldErrors,
  type OrderDraft,
  type OrderField,
  type OrderProduct,
} from './orderFields';

/** The signed-in user the order is for (read-only in the modal). */
export interface Buyer {
  name: string;
  email: string;
}

/** A toast the view shows; a placed order that can be paid offers its payment page. */
export interface Notice {
  kind: 'success' | 'error';
  message: string;
  payOrderId?: string;
}

export interface OrderModalContext {
  product: OrderProduct | null;
  buyer: Buyer | null;
  /** What is in the form now. */
  draft: OrderDraft;
  /** Fields the shopper typed in: a prefill never overwrites them. */
  edited: OrderField[];
  /**
   * Fields checked as the shopper types: the quantity from its first key, all after a submit.
   * Never on leaving a field: a message appearing then moves Place order from under the click.
   */
  touched: OrderField[];
  /** What is wrong with a field, shown in red under it. */
  fieldErrors: FieldErrors;
  /** Why the last attempt was refused: one of the spec's messages or the server's. */
  reason: string | null;
  /** The field the refusal is about (it says so under itself); null: the whole order. */
  reasonField: OrderField | null;
  /** The order just placed, when it can be paid. */
  payOrderId: string | null;
}

export type OrderModalEvent =
  | { type: 'OPEN'; product: OrderProduct; buyer: Buyer; prefill?: DeliveryPrefill }
  | { type: 'EDIT'; field: OrderField; value: string }
  | { type: 'PREFILL'; prefill: DeliveryPrefill }
  | { type: 'SUBMIT'; draft: OrderDraft }
  | { type: 'CLOSE' };

/** The fields of `fields` in form order, so two lists of the same fields are equal. */
const inFormOrder = (fields: readonly OrderField[]) =>
  orderFields.filter((field) => fields.includes(field));

/** A refusal of the API about one typed field: shown under that field. */
function refusedField(error: unknown): OrderField | null {
  const field = (error as { field?: unknown } | null)?.field;
  return orderFields.includes(field as OrderField) ? (field as OrderField) : null;
}

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

/**
 * The prefill's values for the fields still empty and never typed in, and its name for a buyer
 * known only by their email. What the shopper typed stays.
 */
export function applyPrefill(
  context: Pick<OrderModalContext, 'draft' | 'edited' | 'buyer'>,
  prefill: DeliveryPrefill,
): Pick<OrderModalContext, 'draft' | 'buyer'> {
  const draft = { ...context.draft };
  for (const field of ['address', 'number'] as const) {
    const value = prefill[field];
    if (value && draft[field] === '' && !context.edited.includes(field)) draft[field] = value;
  }
  const { buyer } = context;
  const renamed = buyer && prefill.name && buyer.name === buyer.email;
  return { draft, buyer: renamed ? { ...buyer, name: prefill.name! } : buyer };
}

const initialContext: OrderModalContext = {
  product: null,
  buyer: null,
  draft: emptyDraft,
  edited: [],
  touched: [],
  fieldErrors: {},
  reason: null,
  reasonField: null,
  payOrderId: null,
};

/** A refusal of the spec's quantity rules: a toast, and the quantity's own words under it. */
const quantityRefusal =
  (reason: (context: OrderModalContext) => string) =>
  ({ context }: { context: OrderModalContext }) => ({
    reason: reason(context),
    reasonField: 'quantity' as const,
    fieldErrors: recheck({}, orderFields, context.draft, context.product),
  });

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
    hasBlockingFields: ({ context }) => Object.keys(blockingFields(context.draft)).length > 0,
    isWrongQuantity: ({ context }) => isWrongQuantity(context.draft.quantity),
    exceedsAvailable: ({ context }) =>
      context.product !== null && exceedsAvailable(context.product, context.draft.quantity),
    exceedsPayableTotal: ({ context }) =>
      context.product !== null &&
      totalProblem(context.product.price, context.draft.quantity) !== null,
    changesField: ({ context, event }) =>
      event.type === 'EDIT' && context.draft[event.field] !== event.value,
    editsRefusedField: ({ context, event }) =>
      event.type === 'EDIT' &&
      context.draft[event.field] !== event.value &&
      event.field === context.reasonField,
    prefillsSomething: ({ context, event }) => {
      if (event.type !== 'PREFILL') return false;
      const before = { draft: context.draft, buyer: context.buyer };
      return JSON.stringify(applyPrefill(context, event.prefill)) !== JSON.stringify(before);
    },
  },
  actions: {
    openFor: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      const opened = { ...initialContext, product: event.product, buyer: event.buyer };
      return { ...opened, ...applyPrefill(opened, event.prefill ?? {}) };
    }),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      const draft = { ...context.draft, [event.field]: event.value };
      // The quantity is a number against a stock the form knows: said from its first key.
      const touched =
        event.field === 'quantity' && event.value !== ''
          ? inFormOrder([...context.touched, event.field])
          : context.touched;
      const checked = touched.includes(event.field) ? [event.field] : [];
      return {
        draft,
        edited: inFormOrder([...context.edited, event.field]),
        touched,
        fieldErrors: recheck(context.fieldErrors, checked, draft, context.product),
      };
    }),
    prefill: assign(({ context, event }) => {
      assertEvent(event, 'PREFILL');
      const next = applyPrefill(context, event.prefill);
      // A field flagged empty and now filled says so at once.
      return {
        ...next,
        fieldErrors: recheck(context.fieldErrors, context.touched, next.draft, context.product),
      };
    }),
    keepDraft: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      // A submit checks every field from now on, as Formik touches them all.
      return { draft: event.draft, touched: [...orderFields] };
    }),
    flagFields: assign(({ context }) => ({
      fieldErrors: recheck({}, orderFields, context.draft, context.product),
      reason: null,
      reasonField: null,
    })),
    refuse: assign(
      (
        _,
        params: { reason: string; reasonField?: OrderField | null; fieldErrors?: FieldErrors },
      ) => ({
        fieldErrors: params.fieldErrors ?? {},
        reason: params.reason,
        reasonField: params.reasonField ?? null,
      }),
    ),
    clearReason: assign({ reason: null, reasonField: null }),
    clearErrors: assign({ fieldErrors: {}, reason: null, reasonField: null }),
    // Closing forgets what was typed: the next order starts from the prefill.
    forget: assign(initialContext),
    placed: assign(({ event }) => {
      const order = (event as unknown as { output: Order }).output;
      return {
        draft: emptyDraft,
        edited: [],
        touched: [],
        fieldErrors: {},
        reason: null,
        reasonField: null,
        payOrderId: order.price > 0 && !order.paid ? order._id : null,
      };
    }),
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
            EDIT: { guard: 'changesField', actions: 'edit' },
            PREFILL: { guard: 'prefillsSomething', actions: 'prefill' },
            SUBMIT: { target: 'validating', actions: 'keepDraft' },
            CLOSE: { target: '#orderModal.closed', actions: 'forget' },
          },
        },
        /** The spec's client checks, in order; the first that fails decides. */
        validating: {
          always: [
            // Said under each field, every problem of each, and nothing sent.
            { guard: 'hasBlockingFields', target: 'editing', actions: 'flagFields' },
            {
              guard: 'isWrongQuantity',
              target: 'failure',
              actions: [
                {
                  type: 'refuse',
                  params: quantityRefusal(() => copy.order.wrongQuantity),
                },
                { type: 'notify', params: { kind: 'error', message: copy.order.wrongQuantity } },
              ],
            },
            {
              guard: 'exceedsAvailable',
              target: 'failure',
              actions: [
                {
                  type: 'refuse',
                  params: quantityRefusal(() => copy.order.unavailableQuantity),
                },
                {
                  type: 'notify',
                  params: { kind: 'error', message: copy.order.unavailableQuantity },
                },
              ],
            },
            {
              guard: 'exceedsPayableTotal',
              target: 'failure',
              actions: [
                {
                  type: 'refuse',
                  params: quantityRefusal(({ product, draft }) =>
                    totalProblem(product!.price, draft.quantity)!,
                  ),
                },
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    kind: 'error' as const,
                    message: totalProblem(context.product!.price, context.draft.quantity)!,
                  }),
                },
              ],
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
            onDone: { target: '#orderModal.success', actions: 'placed' },
            onError: {
              target: 'failure',
              // Said once: under the field it is about, else as a toast.
              actions: enqueueActions(({ event, enqueue }) => {
                const reason = errorMessage(event.error);
                const field = refusedField(event.error);
                enqueue({
                  type: 'refuse',
                  params: {
                    reason,
                    reasonField: field,
                    fieldErrors: field ? { [field]: reason } : {},
                  },
                });
                if (!field) enqueue({ type: 'notify', params: { kind: 'error', message: reason } });
              }),
            },
          },
        },
        /** Refused: the modal stays open with the reason, and the form can be corrected. */
        failure: {
          on: {
            // Typing in the field the refusal is about starts over; elsewhere it stays said.
            EDIT: [
              { guard: 'editsRefusedField', target: 'editing', actions: ['edit', 'clearReason'] },
              { guard: 'changesField', actions: 'edit' },
            ],
            PREFILL: { guard: 'prefillsSomething', actions: 'prefill' },
            SUBMIT: { target: 'validating', actions: 'keepDraft' },
            CLOSE: { target: '#orderModal.closed', actions: 'forget' },
          },
        },
      },
    },
    /** Ordered: the modal is closed and the toast says so, offering to pay. */
    success: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({
          kind: 'success' as const,
          message: copy.order.ordered,
          ...(context.payOrderId ? { payOrderId: context.payOrderId } : {}),
        }),
      },
      on: { OPEN: { target: 'open', actions: 'openFor' } },
    },
  },
});
