import { TEXT_MAX, TRACKING_NUMBER_PROBLEM, WEB_URL_PROBLEM } from '@contract/limits';
import { RETURN_DAYS } from '@contract/orderLifecycle';

/**
 * The words of the order pages (issue 30: the shopper's /dashboard/myorder/{id} and the admins'
 * /dashboard/allOrders/{id}) and of My Orders' Status column: the store's own, as the spec has
 * no order page. Status, action and history words are lifecycleCopy's.
 */
export const orderPageCopy = {
  statusColumn: 'Status',
  /** The product name in an order list's row opens the order (its accessible description). */
  openOrder: 'Opens the order',
  title: (productName: string) => `Order of ${productName}`,
  pageTitle: 'Order',
  backToMyOrders: 'Back to My Orders',
  backToAllOrders: 'Back to All Orders',
  loading: 'Loading the order',
  loadFailed: 'We could not load this order',
  details: {
    heading: 'Order details',
    orderNumber: 'Order number',
    product: 'Product',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    /** Fitting, fees, delivery and added tax its checkout put on it (issue 46). */
    charges: 'Services, fees and tax',
    total: 'Total',
    refunded: 'Refunded so far',
    /** Refunds the payment provider took but has not made yet (shown when there are any). */
    refundPending: 'Refund under way',
    status: 'Status',
    payment: 'Payment',
    placed: 'Placed',
    deliverTo: 'Delivery to',
    fittingDay: 'Fitting day',
    buyer: 'Customer',
  },
  together: {
    heading: 'Ordered together',
    intro: 'These were ordered in the same checkout and paid with one payment.',
  },
  shipment: {
    heading: 'Shipment',
    notYet: 'Not shipped yet.',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    track: 'Track the parcel',
    shipped: 'Shipped',
    delivered: 'Delivered',
  },
  history: {
    heading: 'History',
    loading: 'Loading the history',
    loadFailed: 'We could not load the history of this order',
  },
  actions: {
    heading: 'What can be done',
    none: 'Nothing can be done to this order now.',
    returnWindow: `A delivered order can be returned within ${RETURN_DAYS} days of delivery.`,
    working: 'Sending…',
    /** Closes an action's dialog without doing it. */
    dismiss: 'Cancel',
  },
  cancel: {
    title: 'Cancel this order?',
    paid: (refund: string) =>
      `It has not shipped yet: it is cancelled, ${refund} is refunded to the card it was paid with, and its stock goes back on sale.`,
    unpaid: 'It is cancelled and its stock goes back on sale. It can no longer be paid.',
    together: 'Every order of its checkout is cancelled with it: they are paid together.',
    reason: 'Reason (optional)',
    keep: 'Keep the order',
    done: 'The order is cancelled.',
  },
  requestReturn: {
    title: 'Return this order',
    intro: 'Tell us what is wrong. Once the parcel is back with us, what you paid is refunded.',
    reason: 'Reason for the return',
    reasonRequired: 'Say why you are returning the order.',
    submit: 'Ask for a return',
    done: 'Your return is asked for. We will tell you once it is back with us.',
  },
  ship: {
    title: 'Ship this order',
    carrier: 'Carrier',
    carrierRequired: 'Carrier is required.',
    trackingNumber: 'Tracking number',
    trackingNumberRequired: 'Tracking number is required.',
    trackingNumberProblem: `Tracking number ${TRACKING_NUMBER_PROBLEM}.`,
    trackingUrl: 'Tracking link (optional)',
    trackingUrlHint: "The carrier's page for this parcel: the customer sees it as a link.",
    trackingUrlProblem: `Tracking link ${WEB_URL_PROBLEM}.`,
    done: 'The order is shipped.',
  },
  deliver: {
    title: 'Mark this order delivered?',
    body: `The customer then has ${RETURN_DAYS} days to ask for a return.`,
    done: 'The order is marked delivered.',
  },
  refund: {
    title: 'Refund',
    left: (left: string) => `Up to ${left} is left to refund.`,
    underWay: (pending: string) =>
      `A refund of ${pending} is already under way and is not offered again.`,
    /** In the order's currency: "Amount in dollars", "Amount in EUR". */
    amount: (currency: string) =>
      currency === 'USD' ? 'Amount in dollars' : `Amount in ${currency}`,
    amountRequired: 'Amount is required.',
    amountNotNumber: (currency: string) =>
      currency === 'USD'
        ? 'Amount must be a number of dollars, like 12.50.'
        : 'Amount must be a number, like 12.50.',
    amountTooSmall: (least: string) => `Amount must be at least ${least}.`,
    amountTooLarge: (left: string) => `Amount can be at most ${left}: what is left to refund.`,
    wholeCents: 'Amount must be in whole cents, like 12.50.',
    reason: 'Reason',
    reasonRequired: 'Reason is required.',
    /** Units of the order's line given back: the server works out what they cost. */
    units: (product: string) => `Units of ${product} to return`,
    unitsHint: (quantity: number, left: number) =>
      `${quantity} bought, ${left} can still be returned. Leave 0 to refund an amount instead.`,
    unitsNotNumber: 'Units must be a whole number, like 1.',
    unitsTooMany: (left: number) =>
      left === 0
        ? 'No units are left to return: refund an amount instead.'
        : `At most ${left} can still be returned.`,
    unitsNegative: 'Units cannot be below 0.',
    /** The server's figure for the units, shown before the refund is confirmed. */
    forUnits: (units: number, amount: string) =>
      `Refund for ${units} unit${units === 1 ? '' : 's'}: ${amount}, what the customer paid for them.`,
    working: 'Working out the refund…',
    waitForFigure: 'Wait for the refund to be worked out, then confirm.',
    done: (amount: string) => `Refunded ${amount}.`,
    /** The provider took the refund but has not made it yet: it counts once it reports it made. */
    pending: (amount: string) =>
      `The refund of ${amount} is under way: it shows on the order once the payment provider confirms it.`,
  },
  receiveReturn: {
    title: 'Receive this return?',
    body: (refund: string) =>
      `The parcel is back: ${refund} is refunded, what is left of the payment.`,
    bodyNothingLeft: 'The parcel is back. Nothing is left to refund.',
    restock: 'Restock: put the units back on sale',
    restockHint: 'Leave it unticked for damaged goods.',
    done: 'The return is received.',
  },
  /** Said under a reason that is too long (every reason has the same limit). */
  reasonTooLong: (label: string) => `${label} can be at most ${TEXT_MAX.reason} characters.`,
} as const;
