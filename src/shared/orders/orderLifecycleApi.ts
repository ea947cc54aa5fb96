import type {
  CancelBody,
  Order,
  OrderHistory,
  RefundBody,
  RefundPreview,
  ReturnBody,
  ShipBody,
} from '@contract/orders';
import { api, LIST } from '../../store/api';
import { apiErrorStatus } from '../../store/apiError';
import { keyedPost, type Keyed } from '../../store/submissionKey';

/** Which order a transition is for; `productId` names the product whose stock may come back. */
interface OrderRef {
  id: string;
  productId: string;
}

type Transition<Body> = OrderRef & Keyed<Body>;

const orderUrl = (id: string, rest = '') => `order/${encodeURIComponent(id)}${rest}`;

/**
 * The tags a transition invalidates: the order (its page and history) and the lists, and the
 * product when stock may have come back (a cancel, a return received with restock). A 409 is a
 * refusal because the order moved on meanwhile: it is read again too, so the page shows where
 * it is now. Other refusals (a bad tracking number) changed nothing.
 */
function transitionTags(restocks: boolean) {
  return (_result: unknown, error: unknown, { id, productId }: OrderRef) =>
    error && apiErrorStatus(error) !== 409
      ? []
      : [
          { type: 'Order' as const, id },
          { type: 'Order' as const, id: LIST },
          ...(restocks && !error ? [{ type: 'Product' as const, id: productId }] : []),
        ];
}

/** POST /order/{id}/{action} with the body and the submission's Idempotency-Key header. */
const transition =
  (action: string) =>
  <Body extends object>({ id, productId: _productId, ...body }: Transition<Body>) =>
    keyedPost(orderUrl(id, `/${action}`), body as Keyed<Body>);

/**
 * One order, its history, and its life after it is placed (issue 30): ship, mark delivered,
 * cancel, return (asked by the shopper, received by an admin) and refund. Each transition is
 * sent with an Idempotency-Key per form submission (SubmissionKeys), so a double click or a
 * retry after a lost answer acts once. Checkout reads the order it pays through `getOrder` too.
 */
export const orderLifecycleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One order (its owner or an admin). */
    getOrder: build.query<Order, string>({
      query: (id) => orderUrl(id),
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    /** What happened to the order, oldest first; refetched with the order. */
    getOrderHistory: build.query<OrderHistory, string>({
      query: (id) => orderUrl(id, '/history'),
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    shipOrder: build.mutation<Order, Transition<ShipBody>>({
      query: transition('ship'),
      invalidatesTags: transitionTags(false),
    }),
    deliverOrder: build.mutation<Order, Transition<object>>({
      query: transition('deliver'),
      invalidatesTags: transitionTags(false),
    }),
    /** A paid order is refunded in full and its stock comes back; so does an unpaid one's. */
    cancelOrder: build.mutation<Order, Transition<CancelBody>>({
      query: transition('cancel'),
      invalidatesTags: transitionTags(true),
    }),
    /** The shopper's `{ reason }`, or an admin's `{ received: true, restock }`. */
    returnOrder: build.mutation<Order, Transition<ReturnBody>>({
      query: transition('return'),
      invalidatesTags: transitionTags(true),
    }),
    /** What refunding `units` of the order gives back, worked out by the server (admins). */
    getRefundPreview: build.query<RefundPreview, { id: string; units: number }>({
      query: ({ id, units }) => `${orderUrl(id, '/refund-preview')}?units=${units}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Order', id }],
    }),
    refundOrder: build.mutation<Order, Transition<RefundBody>>({
      query: transition('refund'),
      invalidatesTags: transitionTags(false),
    }),
  }),
});

export const {
  useGetOrderQuery,
  useGetOrderHistoryQuery,
  useShipOrderMutation,
  useDeliverOrderMutation,
  useCancelOrderMutation,
  useReturnOrderMutation,
  useRefundOrderMutation,
  useGetRefundPreviewQuery,
} = orderLifecycleApi;
