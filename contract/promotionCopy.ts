/**
 * The words of promotions (issue 49): badges, and why a code does not apply. Plain values, so
 * the SPA bundles only these.
 */
export const promotionCopy = {
  badge: {
    percentOff: (percent: number) => `${percent} % off`,
    amountOff: (amount: string) => `${amount} off`,
    buyNPayM: (buy: number, pay: number) => `${buy} for ${pay}`,
    freeFitting: 'Free fitting',
    freeDelivery: 'Free delivery',
    setPrice: (buy: number, price: string) => `${buy} for ${price}`,
  },
  /** The list of a product's badges, as a screen reader names it. */
  badgesList: 'Offers',
  refused: {
    unknown: (code: string) => `We do not know the code ${code}: please check how it is spelt.`,
    notYet: (code: string, when: string) => `The code ${code} starts on ${when}.`,
    expired: (code: string) => `The code ${code} has expired.`,
    otherMarket: (code: string) => `The code ${code} is not for this country.`,
    firstOrder: (code: string) => `The code ${code} is for a first order only.`,
    firstOrderSignIn: (code: string) =>
      `The code ${code} is for an account’s first order: sign in or create an account to use it.`,
    signedIn: (code: string) => `Sign in to use the code ${code}.`,
    usedUp: (code: string) => `The code ${code} has been used up.`,
    usedByYou: (code: string) => `You have already used the code ${code}.`,
    notForProducts: (code: string) => `The code ${code} is not for the products in your bag.`,
    minimum: (code: string, amount: string) =>
      `Spend ${amount} on the products the code ${code} is for to use it.`,
    buyMore: (code: string, units: number) =>
      `The code ${code} needs ${units} of the products it is for in your bag.`,
    fittingOnly: (code: string) => `The code ${code} is for fitting: choose fitting to use it.`,
    deliveryOnly: (code: string) =>
      `The code ${code} is for delivery, which this order has none of.`,
    doesNotCombine: (code: string, other: string) =>
      `The code ${code} cannot be combined with ${other}.`,
    tooMany: (max: number) => `At most ${max} codes can be used at once.`,
    notInMarket: 'Choose your country first: codes are priced in its currency.',
    usedUpAtCheckout: (names: string) =>
      `${names} was used up while you checked out. Nothing was charged: please check your bag and try again.`,
  },
  invalid: {
    needsPercent: 'A percentage off needs Percent.',
    needsAmount: 'An amount off needs Amount off and a market.',
    needsBuyPay: 'N for the price of M needs Buy and Pay for, Pay for below Buy.',
    needsSetPrice: 'A set price needs Buy, Set price and a market.',
    minimumNeedsMarket: 'A minimum spend needs a market (its currency).',
    targetValues: 'Choose what it applies to.',
    window: 'The end must be after the start.',
    codeTaken: (code: string) => `The code ${code} is used by another promotion.`,
    unknownTimeZone: 'The market has no time zone we know.',
  },
  /** The code entry at checkout. */
  codes: {
    label: 'Discount code',
    apply: 'Apply',
    checking: 'Checking…',
    remove: (code: string) => `Remove ${code}`,
    saving: (amount: string) => `You save ${amount}`,
    failed: 'We could not check the code just now. Please try again.',
  },
  ended: 'This promotion has ended.',
  none: 'There is no such promotion.',
} as const;
