import { formatAmount } from '../../../contract/lifecycleCopy';

/**
 * Every word the store's emails say (issue 31), in one place: the templates (`templates.tsx`)
 * only lay these out. Amounts are integer cents, shown in the order's currency (dollars for the spec's).
 */

/** The store's name and colours, as the SPA shows them (src/ui/theme.ts). */
export const brand = {
  name: 'Tyre & Auto Parts Store',
  colors: {
    ink: '#111827',
    muted: '#4b5563',
    steel: '#1f2937',
    line: '#e5e7eb',
    background: '#f3f4f6',
    surface: '#ffffff',
    accent: '#f59e0b',
    accentText: '#b45309',
    onAccent: '#111827',
    onDark: '#f3f4f6',
  },
  fonts: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

export interface EmailLine {
  orderId: string;
  name: string;
  quantity: number;
  unitCents: number;
  /** The product's category (tyre, wheel, part) when it still exists. */
  category: string | null;
}

/** An amount in the order's currency: "$12.50" for the spec's orders, "€12.50" for a German one. */
export const money = (cents: number, currency = 'USD') => formatAmount(cents, currency);

/** "4 tyres", "1 wheel", "3 items" (a mix, or parts): what the subject counts. */
export function countOf(lines: Pick<EmailLine, 'quantity' | 'category'>[]): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const categories = new Set(lines.map((line) => line.category));
  const only = categories.size === 1 ? [...categories][0] : null;
  const noun = only === 'tyre' ? 'tyre' : only === 'wheel' ? 'wheel' : 'item';
  return `${units} ${noun}${units === 1 ? '' : 's'}`;
}

export const emailCopy = {
  orderLink: 'See your order',
  /** Fitting, fees, delivery and added tax a checkout priced in a market put on the orders. */
  charges: 'Services, fees and tax',
  receiptLink: 'Receipt (printable invoice)',
  lineTotal: 'Total',
  deliverTo: 'Delivery to',
  fittingOn: (day: string) => `Fitted at the shop on ${day}`,
  fittingAt: (centre: string, when: string) => `Fitted at ${centre}, ${when}`,
  calendarNote: 'The calendar file attached adds the appointment to your calendar.',
  /** Above text a shopper typed, shown quoted: the store did not write it. */
  typedAtCheckout: 'Name and address, as typed at checkout:',
  reasonByShopper: 'Reason, as typed by the customer:',
  reasonByStore: 'Reason given by the store:',
  nameOnOrder: 'Name on the order, as typed at checkout:',
  footer: (store: string) =>
    `${store} · You receive this email because you ordered from us. Replies reach the store.`,
  confirmation: {
    subject: (count: string) => `Your order of ${count} is confirmed`,
    heading: 'Thank you for your order',
    intro:
      'Hello, your payment went through. Here is what you ordered; we will write again when it ships.',
  },
  shipped: {
    subject: (count: string) => `Your order of ${count} has shipped`,
    heading: 'Your order is on its way',
    carrier: (carrier: string, tracking: string) => `${carrier}, tracking number ${tracking}`,
    track: 'Track the parcel',
  },
  delivered: {
    subject: (count: string) => `Your order of ${count} was delivered`,
    heading: 'Your order was delivered',
    intro:
      'The carrier reports it delivered. Something wrong? You can ask for a return within 30 days.',
  },
  cancelled: {
    subject: (count: string) => `Your order of ${count} was cancelled`,
    heading: 'Your order was cancelled',
    refund: (cents: number, currency?: string) =>
      `${money(cents, currency)} is being refunded to the card you paid with.`,
    noRefund: 'Nothing was charged for it.',
  },
  refunded: {
    subject: (cents: number, currency?: string) => `We refunded ${money(cents, currency)}`,
    heading: 'A refund is on its way',
    intro: (cents: number, currency?: string) =>
      `${money(cents, currency)} was refunded to the card you paid with; your bank shows it within a few days.`,
  },
  returnReceived: {
    subject: (count: string) => `We received your return of ${count}`,
    heading: 'Your return arrived',
    refund: (cents: number, currency?: string) =>
      `${money(cents, currency)} is being refunded to the card you paid with.`,
    noRefund: 'Everything paid had already been refunded.',
  },
  adminRefundFailed: {
    subject: (cents: number, count: string, currency?: string) =>
      `Refund failed: ${money(cents, currency)} for an order of ${count}`,
    heading: 'A refund did not reach the customer',
    intro: (cents: number, currency?: string) =>
      `${money(cents, currency)} the store refunded was not given back to the card: the order no longer counts it as refunded.`,
    buyer: (email: string) => `Customer: ${email}`,
    why: (words: string) => `Why: ${words}`,
    next: 'Refund it again from the order page once the cause is solved, or agree another way with the customer.',
    open: 'Open the order',
  },
  fittingReminder: {
    subject: (centre: string) => `Your tyre fitting tomorrow at ${centre}`,
    heading: 'See you tomorrow',
    intro:
      'A reminder of your fitting appointment. Bring the car, and the locking wheel nut key if it has one.',
    change: 'Need another time? It is too late to change it online now: call the centre.',
  },
  /** A guest checkout's emails (issue 47): its number, and a link that needs no sign-in. */
  guest: {
    orderNumber: (number: string) => `Order number: ${number}`,
    keep:
      'The button opens your order without signing in: keep this email, and do not forward it. ' +
      'Create an account with this email to keep your orders in My Orders.',
    link: {
      subject: 'The link to your order',
      heading: 'Here is the link to your order',
      intro:
        'Someone asked on our store for the link to this order. If it was not you, ignore this ' +
        'email: the link works only from it.',
    },
  },
  adminToShip: {
    subject: (count: string, total: number, currency?: string) =>
      `Paid order to ship: ${count}, ${money(total, currency)}`,
    heading: 'A paid order is waiting to be shipped',
    buyer: (email: string) => `Buyer: ${email}`,
    open: 'Open the order',
  },
};
