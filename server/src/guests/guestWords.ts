/** What the guest routes answer a person, in the store's words (the SPA shows them as they come). */

/** "10 minutes": a guest's hold as a person reads it. */
const minutes = (seconds: number) =>
  seconds >= 120 ? `${Math.round(seconds / 60)} minutes` : `${seconds} seconds`;

export const guestWords = {
  /** One unpaid guest checkout at a time, per email and per browser. */
  openCheckout: (holdSeconds: number) =>
    'A checkout as a guest is already waiting for payment from this email or this browser. ' +
    'Pay it, or cancel it from its order page, before checking out again: an unpaid guest ' +
    `checkout is kept for ${minutes(holdSeconds)} at most. Nothing was reserved.`,
  browserNotIssued:
    "This browser's guest id is not one the store gave. Reload the page and place the order " +
    'again. Nothing was reserved.',
  unknownProduct: 'A product in your bag is no longer sold: remove it. Nothing was reserved.',
  twiceInBag: 'Your bag lists a product twice: refresh the page and try again.',
  linkRefused:
    'This order link does not work (any more). Ask for a new one on Find my order, with your ' +
    'email and the order number.',
  notInCheckout: 'This order is not one of the orders this link opens.',
  /** Find my order answers this whether or not such an order exists. */
  findOrderSent:
    'If an order with this number was placed with this email, we have emailed a link to it. ' +
    'It may take a few minutes; look in your spam folder too.',
  stoppedLink: 'This order link no longer works. Find my order emails a new one.',
} as const;
