import { Type, type Static } from '@sinclair/typebox';
import { CheckoutBody, Checkout } from './checkout';
import { Id, labelled } from './common';
import { MergeBagBody } from './bag';
import { ReturnBody } from './orders';
import { Email } from './users';

/**
 * Guest checkout (issue 47): a visitor buys the bag without an account. The server prices,
 * reserves and books as for an account; the guest's orders belong to the email typed, and a
 * link (emailed, revocable, for that checkout only) opens them without signing in.
 */

export { GUEST_HOLD_SECONDS } from './guestLimits';

/** The header carrying the order link's key (the SPA reads it from the link's #fragment). */
export const GUEST_KEY_HEADER = 'guest-key';

/**
 * The header naming the browser: an id the store issued (`POST /guest/browser`), which the SPA
 * keeps. One open checkout per browser.
 */
export const GUEST_BROWSER_HEADER = 'guest-browser';

/** A browser's guest id as the store issues it: 128 random bits, a dot, their MAC. */
export const GUEST_BROWSER_ID = '^[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$';

/** `POST /guest/browser`: a new guest id for this browser. */
export const GuestBrowser = Type.Object({
  browser: Type.String({
    pattern: GUEST_BROWSER_ID,
    description: 'Send it as the guest-browser header of every guest checkout from this browser',
  }),
});
export type GuestBrowser = Static<typeof GuestBrowser>;

/** `POST /guest/checkout`: the checkout form of a signed-in shopper, the email, and the bag. */
export const GuestCheckoutBody = Type.Object(
  {
    email: labelled(Email, 'Email'),
    ...CheckoutBody.properties,
    items: MergeBagBody.properties.items,
  },
  { additionalProperties: false },
);
export type GuestCheckoutBody = Static<typeof GuestCheckoutBody>;

export const GuestBrowserHeaders = Type.Object({
  [GUEST_BROWSER_HEADER]: Type.String({
    minLength: 66,
    maxLength: 66,
    pattern: GUEST_BROWSER_ID,
    description: "This browser's guest id, as POST /guest/browser issued it",
  }),
});

export const GuestKeyHeaders = Type.Object({
  [GUEST_KEY_HEADER]: Type.String({
    minLength: 20,
    maxLength: 200,
    description: "The key of the order's link (after `#key=` in the emailed link)",
  }),
});

/** A guest's checkout as the link shows it, with the email it belongs to. */
export const GuestCheckout = Type.Object(
  {
    checkout: Checkout,
    email: Type.String({ description: 'The email the guest typed: the orders are theirs' }),
  },
  { $id: 'GuestCheckout' },
);
export type GuestCheckout = Static<typeof GuestCheckout>;

/** What placing a guest checkout answers: the checkout and the key of its order link. */
export const PlacedGuestCheckout = Type.Object({
  ...GuestCheckout.properties,
  key: Type.String({ description: 'The order link’s key: send it as the guest-key header' }),
});
export type PlacedGuestCheckout = Static<typeof PlacedGuestCheckout>;

export const GuestCheckoutParams = Type.Object({ id: labelled(Id, 'This checkout’s id') });
export const GuestOrderParams = Type.Object({
  id: labelled(Id, 'This checkout’s id'),
  orderId: labelled(Id, 'The order’s id'),
});

/** `POST /guest/find-order`: the email and the order number (a checkout's or an order's id). */
export const FindOrderBody = Type.Object(
  {
    email: labelled(Email, 'Email'),
    orderNumber: Type.String({ minLength: 1, maxLength: 100, title: 'Order number' }),
  },
  { additionalProperties: false },
);
export type FindOrderBody = Static<typeof FindOrderBody>;

export const FindOrderAnswer = Type.Object({ message: Type.String() });
export type FindOrderAnswer = Static<typeof FindOrderAnswer>;

/** `POST /guest/checkout/:id/orders/:orderId/return`: why, as a shopper asks for a return. */
export const GuestReturnBody = Type.Required(Type.Pick(ReturnBody, ['reason']), {
  additionalProperties: false,
});
export type GuestReturnBody = Static<typeof GuestReturnBody>;
