/**
 * The words of checkout (the order modal, the payment page) that the
 * spec does not give: the store's own. Kept apart from copy.ts so they travel in checkout's
 * lazy chunks, not in the JavaScript every page loads first.
 */
export const checkoutCopy = {
  order: {
    /** The store's own: the modal's title, buttons and hints. */
    title: 'Your order',
    place: 'Place order',
    placing: 'Placing your order',
    cancel: 'Cancel',
    outOfStock: 'Out of stock: nothing can be ordered right now.',
    canOrderUpTo: (max: number) => `You can order up to ${max}.`,
    noneInStock: 'This product is out of stock.',
    /** The API's rules for the typed fields, in the API's own words. */
    tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
    fieldProblem: (field: string, problem: string) => `${field} ${problem}.`,
    atMost: (field: string, max: number) =>
      `${field} can be at most ${max.toLocaleString('en-US')}.`,
    /** Everything else wrong with a typed quantity, said under it as the shopper types. */
    notWhole: 'Quantity must be a whole number, like 4.',
    belowZero: 'Quantity cannot be below 0.',
    overStock: (max: number) =>
      max > 0
        ? `That is more than the ${max} you can order.`
        : 'None can be ordered: this product is out of stock.',
    /** The success toast's action, beside the spec's 'Your product ordered'. */
    payNow: 'Pay now',
    /**
     * An unverified account holds no stock (the API's 403, word for word). Here, not in copy.ts,
     * so it loads with checkout's pages rather than with every page.
     */
    verifyEmailFirst:
      'Verify your email before ordering: open the link in the email we sent you when you ' +
      'registered, then place your order again. Unpaid orders hold stock, so only accounts ' +
      'with a verified email can place them.',
    /** The spec's resend-verification action, offered beside that refusal. */
    resendVerification: 'Send the verification email again',
  },
  payment: {
    /** The store's own: the payment page's title, progress, failures and links. */
    title: 'Payment',
    loadingPage: 'Loading the payment page',
    pageFailed: 'We could not load the payment page',
    loadingOrder: 'Loading your order',
    orderFailed: 'We could not load this order',
    notReady: 'We could not get the payment ready',
    providerDown:
      'Card payments cannot be taken right now. Check your connection (and allow js.stripe.com if a content blocker is on), then try again.',
    cardDetails: 'Card details',
    gettingReady: 'Getting the payment ready',
    loadingCardForm: 'Loading the card form',
    cardFormLoading: 'The card form is still loading. Please try again in a moment.',
    confirming: 'Confirming your card',
    recording: 'Recording your payment',
    tryAgain: 'Try again',
    backToMyOrders: 'Back to My Orders',
    backToAllOrders: 'Back to All Orders',
    /** Charged, but not on the order yet: never Pay again. */
    recordAgain:
      'Your card was charged, but the payment is not on your order yet. Do not pay again: try recording it once more.',
    /** Followed by the transaction id. */
    recordRefused:
      'Your card was charged, but the store could not put the payment on this order. Do not pay again: contact the store with the transaction id',
    transactionId: 'Transaction id:',
    /** Stripe's answers without a message of their own. */
    notCharged: 'Your card could not be charged.',
    notCompleted: 'The payment was not completed. Please try again.',
    /** The local provider's card form, labelled as Stripe's Payment Element is. */
    card: {
      number: 'Card number',
      numberPlaceholder: '1234 1234 1234 1234',
      expiry: 'Expiration date',
      expiryPlaceholder: 'MM / YY',
      cvc: 'Security code',
      cvcPlaceholder: 'CVC',
      testCards: 'Test payments: 4242 4242 4242 4242, any future date, any 3-digit CVC.',
    },
    /** The local card form's problems, in Stripe's own wording so both providers speak alike. */
    cardMessages: {
      numberIncomplete: 'Your card number is incomplete.',
      numberInvalid: 'Your card number is invalid.',
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryInvalid: "Your card's expiration date is invalid.",
      expiryYearInvalid: "Your card's expiration year is invalid.",
      expiryPast: "Your card's expiration date is in the past.",
      expiryYearPast: "Your card's expiration year is in the past.",
      cvcIncomplete: "Your card's security code is incomplete.",
    },
  },
  /** Checkout of the bag (issue 29): the store's own words. */
  bagCheckout: {
    title: 'Checkout',
    /** The market the checkout is priced in (issue 46): its country, and the US state. */
    country: 'Country',
    countries: {
      '': 'Prices as shown ($, without tax)',
      US: 'United States',
      DE: 'Deutschland',
      GB: 'United Kingdom',
    },
    state: 'State (two letters, e.g. CA)',
    stateRequired: 'Please give the state as its two letters, e.g. CA',
    tax: (rate: string, included: boolean) =>
      included ? `incl. VAT ${rate}` : `Sales tax ${rate}`,
    subtotal: 'Subtotal',
    payTitle: 'Pay for your checkout',
    loadingBag: 'Loading your bag',
    bagFailed: 'We could not load your bag',
    loadingCheckout: 'Loading your checkout',
    checkoutFailed: 'We could not load this checkout',
    emptyBag: 'Your bag is empty.',
    goToShop: 'Go to the shop',
    backToBag: 'Back to your bag',
    summary: 'Your bag',
    lineTotal: (quantity: number, price: string) => `${quantity} × ${price}`,
    total: 'Total',
    details: 'Your details',
    name: 'Name',
    nameRequired: 'Name is required',
    prefilled: 'Filled in from your profile or your last order: check them before you order.',
    howToGet: 'How you get your order',
    delivery: 'Delivery to this address',
    fitting: 'Fitting at our shop',
    /** The shop's rule against hoarded days (contract/fitting.ts): how long, how many unpaid. */
    fittingHint: (holdSeconds: number, maxUnpaid: number) =>
      `Choose the day we fit your tyres. We keep your place for ${Math.round(holdSeconds / 60)} ` +
      `minutes while you pay, and ${maxUnpaid === 1 ? 'one unpaid fitting' : `${maxUnpaid} unpaid fittings`} ` +
      'per customer at a time. The address and phone are for your invoice.',
    fittingDay: 'Fitting day',
    fittingDayRequired: 'Choose a day for the fitting',
    /** Issue 48: a fitting centre and a time, instead of a day at the shop. */
    fittingAtCentre: 'Fitting at a centre near you, at a time you choose',
    centreHint: (holdSeconds: number) =>
      `Find a fitting centre that can fit your tyres, then choose a time. We keep the time for ` +
      `${Math.round(holdSeconds / 60)} minutes while you pay.`,
    centreRequired: 'Choose a fitting centre',
    timeRequired: 'Choose a time for the fitting',
    loadingChooser: 'Loading the fitting centres',
    loadingDays: 'Loading the fitting days',
    daysFailed: 'We could not load the fitting days.',
    placesLeft: (places: number) => `${places} ${places === 1 ? 'place' : 'places'} left`,
    fullDay: 'Fully booked',
    closedDay: (weekday: string) => `No fittings on ${weekday}s`,
    noDays: 'No fitting day is free in the next 30 days: choose delivery, or try again later.',
    place: 'Place order',
    reserving: 'Reserving your products',
    refusedTitle: 'Your order was not placed',
    nothingReserved: 'Nothing was reserved and your bag is as it was.',
    cardPayment: 'One card payment for all your orders',
    holdUntil: (time: string) => `Your products are held for you until ${time}.`,
    expired:
      'This checkout was not paid in time, so its orders expired and their stock went back on sale.',
    paidTitle: 'Thank you: your order is paid',
    confirmation: 'Your orders',
    deliveryTo: (address: string) => `Delivery to ${address}`,
    fittingOn: (day: string) => `Fitting at our shop on ${day}`,
    toMyOrders: 'Go to My Orders',
    declinedHint: 'Nothing was charged and your orders are still held: try again or another card.',
    email: 'Email',
    emailRequired: 'Email is required: your confirmation and the link to your order go there',
    emailInvalid: 'Enter an email address like name@example.com',
  },
  /** My Orders and All Orders: how each order reaches the shopper, and paying a checkout. */
  orderTables: {
    delivery: 'Delivery',
    deliveryColumn: 'Delivery or fitting',
    fittingOn: (day: string) => `Fitting on ${day}`,
    paidTogether: (count: number) =>
      `Paid together with ${count - 1} other ${count === 2 ? 'order' : 'orders'}`,
    payTogether: (count: number) => `Pay all ${count} together`,
    inCheckout: (count: number) => `One checkout of ${count} orders`,
    /** Under DELETE ORDER of an order whose checkout can still be paid (the API's 409). */
    keptTogether: 'Placed with others in one checkout: it can be deleted once its hold ends.',
  },
} as const;
