import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DeletedCount, Order } from '@contract/orders';
import { copy } from '@contract/copy';
import { canRetry } from '../../store/callApi';
import { errorMessage } from '../../machines/errorMessage';

/** The order the confirm modal asks about: the contract's order, or what it needs of one. */
export type OrderToDelete = Pick<Order, '_id' | 'productId' | 'ProductName' | 'quantity'>;

export interface DeleteOrderContext {
  order: OrderToDelete | null;
  /** Why the last attempt failed, shown in red in the modal. */
  error: string | null;
  /** Whether deleting again can help (a lost connection) or not (a paid or missing order). */
  retryable: boolean;
}

export type DeleteOrderEvent =
  { type: 'DELETE_ORDER'; order: OrderToDelete } | { type: 'CONFIRM' } | { type: 'CANCEL' };

const initialContext: DeleteOrderContext = { order: null, error: null, retryable: true };

/**
 * The delete-confirm modal: idle → confirming (DELETE ORDER) → deleting → idle when the server
 * answers a truthy `deletedCount` (the list refetches through the cache tags), else error.
 * Cancel closes. `deleteOrder` (the DELETE) is provided by the view.
 */
export const deleteOrderMachine = setup({
  types: {
    context: {} as DeleteOrderContext,
    events: {} as DeleteOrderEvent,
  },
  actors: {
    deleteOrder: fromPromise<DeletedCount, OrderToDelete>(async () => {
      throw new Error('deleteOrder is provided by the view');
    }),
  },
  guards: {
    /** The spec: the modal closes and the list refetches only if `deletedCount` is truthy. */
    wasDeleted: (_, params: { deletedCount: number }) => Boolean(params.deletedCount),
    canRetry: ({ context }) => context.retryable,
  },
  actions: {
    ask: assign(({ event }) => {
      assertEvent(event, 'DELETE_ORDER');
      return { order: event.order, error: null, retryable: true };
    }),
    showError: assign((_, params: { message: string; retryable: boolean }) => ({
      error: params.message,
      retryable: params.retryable,
    })),
    clearError: assign({ error: null, retryable: true }),
    forget: assign(initialContext),
  },
}).createMachine({
  id: 'deleteOrder',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      on: { DELETE_ORDER: { target: 'confirming', actions: 'ask' } },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'deleting', actions: 'clearError' },
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    /** The DELETE is out: the modal waits and cannot be dismissed half-way. */
    deleting: {
      invoke: {
        id: 'deleteOrder',
        src: 'deleteOrder',
        input: ({ context }) => {
          if (!context.order) throw new Error('Nothing to delete');
          return context.order;
        },
        onDone: [
          {
            guard: {
              type: 'wasDeleted',
              params: ({ event }) => ({ deletedCount: event.output.deletedCount }),
            },
            target: 'idle',
            actions: 'forget',
          },
          {
            target: 'error',
            // The spec's 'not deleted' answer invites another try.
            actions: {
              type: 'showError',
              params: { message: copy.myOrders.notDeleted, retryable: true },
            },
          },
        ],
        onError: {
          target: 'error',
          actions: {
            type: 'showError',
            params: ({ event }) => ({
              message: errorMessage(event.error),
              retryable: canRetry(event.error),
            }),
          },
        },
      },
    },
    /**
     * Not deleted: the reason in red. Try again only where it can help (a lost connection, a
     * fault on the server), not for a paid, missing or someone else's order; cancel always.
     */
    error: {
      on: {
        CONFIRM: { guard: 'canRetry', target: 'deleting', actions: 'clearError' },
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
  },
});
