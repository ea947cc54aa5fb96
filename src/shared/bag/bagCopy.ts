/**
 * The bag's words that only its lazy chunks need (the bag page, what "Add to bag" says after a
 * tap, the merge at sign-in): the store's own, as the spec has no bag. The words every page
 * needs (the navbar's button, the card's control) are in copy.ts; the API's sentences about a
 * line are in bagRules.ts.
 */
export const bagCopy = {
  /** After a tap on "Add to bag". */
  added: (units: number, inBag: number) =>
    `Added ${units}: your bag has ${inBag} of ${inBag === 1 ? 'this' : 'these'}.`,
  wholeNumber: 'Enter a whole number, 1 or more.',
  tooMany: (orderable: number, inBag: number) =>
    `Only ${orderable} can be ordered` + (inBag > 0 ? `, and your bag already has ${inBag}.` : '.'),
  /** At sign-in, when the guest's bag could not be added to the account's. */
  mergeFailed:
    'The bag you filled before signing in could not be added just now. It is kept on this device and added the next time you sign in.',
  page: {
    title: 'Your bag',
    loading: 'Loading your bag',
    loadFailed: 'We could not load your bag',
    emptyTitle: 'Your bag is empty',
    emptyHint: 'Add tyres, wheels and parts from the shop: they wait here until you check out.',
    goToShop: 'Go to the shop',
    each: 'each',
    was: 'Was',
    now: 'now',
    lineTotal: 'Line total',
    fewer: (name: string) => `One fewer ${name}`,
    more: (name: string) => `One more ${name}`,
    quantity: 'Quantity',
    remove: 'Remove',
    subtotal: 'Subtotal',
    checkout: 'Checkout',
    fixFirst: 'A product in your bag cannot be ordered as it is: change or remove it first.',
    signInToCheckout: 'Sign in to check out',
    continueAsGuest: 'Continue as guest',
    guestCheckoutNote: 'No account needed: pay by card, and we email you a link to your order.',
    signInNotice: 'Sign in to check out: your bag comes with you, and you come back to it.',
    guestNote:
      'Your bag is kept on this device until you sign in; then it joins your account’s bag.',
    gone: 'A product that is no longer in the store',
    goneProblem: 'It is no longer in the store: remove it from your bag.',
    loadingLine: 'Loading this product',
    /** The offers and codes on this bag, as the server works them out. */
    offers: 'Offers and codes',
  },
} as const;
