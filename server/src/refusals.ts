import { lifecycleCopy } from '../../contract/lifecycleCopy';
import type { OrderAction, OrderStatus } from '../../contract/orderLifecycle';
import {
  PERMISSION_WORDS,
  ROLE_NAMES,
  rolesGranting,
  type Permission,
  type StaffRole,
} from '../../contract/staff';
/**
 * The API's refusals: what it answers a person when it cannot do what they asked, in the
 * store's own words. The SPA shows them as they come and never bundles this module.
 */
/** "Owner, Admin or Refunds": the roles of a list, joined as a person reads them. */
function roleList(roles: readonly StaffRole[]): string {
  const names = roles.map((role) => ROLE_NAMES[role]);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** "30 minutes", "45 seconds": a stock hold as a person reads it. */
function holdDuration(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export const refusals = {
  signIn: {
    noToken: 'Sign in first: this call needs a bearer access token.',
    badToken: 'Your session is invalid or has expired. Please sign in again.',
    noAccount: 'Your account was not found. Please sign in again.',
    signedOut: 'You have signed out. Please sign in again.',
    signedOutEverywhere: 'You signed out everywhere since this sign-in: please sign in again.',
    signedOutHere: 'You signed out on this device since this sign-in: please sign in again.',
    ownDataOnly: "You can only see your own account's data.",
    idTokenMissing: 'Send your Firebase ID token as Authorization: Bearer <token>.',
    ownTokenOnly: 'You can only get a token for your own account.',
  },
  users: {
    none: 'No user with this email has signed in to the store.',
    unverifiedAdmin:
      'This user has not verified their email yet: only verified accounts can be admins.',
    unverifiedStaff:
      'This person has not verified their email yet: only verified accounts can hold a staff role.',
  },
  profile: {
    none: 'This user has no profile yet.',
    notYours: 'You can only update your own profile.',
  },
  review: {
    none: 'No review with this id.',
    noProduct:
      'The tyre this review is of is not in the store. Open the tyre from the shop and write the review from there.',
  },
  product: {
    none: 'No product with this id.',
    fieldRequired: (label: string) => `${label} is required.`,
    quantitiesDisagree: 'availableauantity and availablequantity disagree: send one of them.',
    changedWhileEditing: (version: number, sent: number) =>
      `This product changed while you were editing it: it is at version ${version}, ` +
      `your edit started from version ${sent}. Check the changes, then save again.`,
    skuTaken: (sku: string, takenBy: string) => `SKU ${sku} is already used by "${takenBy}".`,
    skuTakenMeanwhile: (sku: string) => `SKU ${sku} is already used by another product.`,
  },
  /** A product's own prices per market (markets/ownPrices.ts). */
  ownPrices: {
    noOwnPrices: (code: string) =>
      `The ${code} market's price is the product's own price: change it on the product.`,
  },
  model: {
    none: 'No tyre model with this id is sold in the shop.',
    noneForProduct: 'No product with this id is sold in the shop.',
    noSuchModel: 'No tyre model with this id.',
    noSuchPicture: 'This model has no picture with this id.',
    tooManyPictures: (max: number) =>
      `A model has at most ${max} pictures: remove one before adding another.`,
    sizeOfAnotherModel: 'This size is not one of this model: choose one of its sizes, or none.',
    tooManyIds: (max: number) => `Ask for the models of at most ${max} products at a time.`,
    orderNotWhole:
      "The new order must name every one of the model's pictures once: reload the page and try again.",
  },
  order: {
    none: 'No order with this id.',
    ownEmailOnly: 'An order is always placed for your own email.',
    someoneElses: 'This order belongs to someone else.',
    paidNotDeletable: 'This order is paid and can no longer be deleted.',
    alreadyPaid: 'This order is already paid.',
    paymentMismatch: 'The payment does not match the order total.',
    expiredAndSold:
      'This order expired before it was paid and its stock has been sold since. ' +
      'Contact the store for a refund.',
    expired: (holdSeconds: number) =>
      `This order was not paid within ${holdDuration(holdSeconds)}, so it expired and its ` +
      'stock went back on sale. Delete it and order again.',
    heldUnits: (max: number, held: number, holdSeconds: number) =>
      `One account can hold at most ${max} units in unpaid orders, and you ` +
      `already hold ${held}. Pay for or delete an order first (unpaid orders expire after ` +
      `${holdDuration(holdSeconds)}).`,
    /** `live` units held of a product whose `stock` (available plus held) allows `cap`. */
    heldShare: (
      held: { live: number; cap: number; stock: number; percent: number },
      holdSeconds: number,
    ) => {
      const left = Math.max(0, held.cap - held.live);
      return (
        `${held.live} units of this product are in unpaid orders right now, and unpaid ` +
        `orders may hold at most ${held.cap} of its ${held.stock} (${held.percent}% of its ` +
        'stock) at once. ' +
        (left > 0 ? `You can order up to ${left} now, or try again later` : 'Try again later') +
        `: unpaid orders are paid or released within ${holdDuration(holdSeconds)}.`
      );
    },
    adminListsAll: 'Only the staff who may read every order can list them all.',
    ownListOnly: 'You can only list your own orders.',
    noSuchPayment: 'No payment with this transaction id was made for this order.',
    paymentPending: 'This payment has not succeeded yet.',
  },
  checkout: {
    none: 'No checkout with this id.',
    someoneElses: 'This checkout belongs to someone else.',
    emptyBag: 'Your bag is empty: add the products you want first.',
    /** The lines that cannot be checked out as they are, each "name: why". */
    linesToChange: (lines: string[]) =>
      `Change or remove these in your bag first: ${lines.join(' ')}`,
    tooFewLeft: (name: string, left: number) =>
      left === 0
        ? `${name} has just sold out: remove it from your bag. Nothing was reserved.`
        : `Only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left: lower its quantity to ${left}. Nothing was reserved.`,
    /** Another rule refused one line; nothing was reserved. */
    lineRefused: (name: string, why: string) => `${name}: ${why} Nothing was reserved.`,
    fittingDayNotOffered: (first: string, last: string) =>
      `Fittings can be booked from ${first} to ${last}: choose a day in that range.`,
    fittingDayClosed: 'The shop does not fit tyres on that day: choose another day.',
    fittingDayFull: 'That day has just been fully booked: choose another day.',
    /** The account already has as many unpaid fitting bookings as it may (on these days). */
    unpaidFittings: (max: number, days: string[]) =>
      `You already have ${max === 1 ? 'a fitting' : `${max} fittings`} booked on ${days.join(', ')} ` +
      'that you have not paid for yet. Pay for it in My Orders, or cancel it there, before ' +
      `booking another: we keep ${max === 1 ? 'one unpaid fitting' : `${max} unpaid fittings`} ` +
      'per customer at a time. Nothing was reserved.',
    alreadyPaid: 'This checkout is already paid.',
    expired: (holdSeconds: number) =>
      `This checkout was not paid within ${holdDuration(holdSeconds)}, so its orders expired ` +
      'and their stock went back on sale. Add the products to your bag again.',
    nothingToPay: 'This checkout has no orders left to pay.',
    noSuchPayment: 'No payment with this transaction id was made for this checkout.',
    sayWhatToPay: 'Say what to pay: an orderId or a checkoutId, not both.',
    /** An order of a checkout is paid with the others, never alone. */
    payTogether: 'This order was placed with others in one checkout: pay them all together.',
    /** Its orders are paid together, so one leaves only once the checkout can no longer be paid. */
    deleteWhenExpired: (holdSeconds: number) =>
      'This order was placed with others in one checkout, and they are paid together: pay ' +
      `them, or delete it once its hold of ${holdDuration(holdSeconds)} has ended.`,
  },
  /** An order's life after it is placed (contract/orderLifecycle.ts says what is allowed). */
  lifecycle: {
    /** The status refuses the action: what to do instead, when there is something. */
    notNow: (action: OrderAction, status: OrderStatus): string => {
      const word = lifecycleCopy.status[status].toLowerCase();
      if (action === 'cancel' && ['shipped', 'delivered'].includes(status)) {
        return `This order has ${status === 'shipped' ? 'shipped' : 'been delivered'}: ask for a return instead.`;
      }
      if (action === 'cancel') return `This order is ${word}: it can no longer be cancelled.`;
      if (action === 'ship' && status === 'unpaid')
        return 'This order is not paid yet: it ships once paid.';
      if (action === 'ship') return `This order is ${word}: only a paid order can be shipped.`;
      if (action === 'deliver')
        return `This order is ${word}: only a shipped order can be marked delivered.`;
      if (action === 'requestReturn')
        return `This order is ${word}: only a delivered order can be returned.`;
      if (action === 'receiveReturn') return `This order is ${word}: no return was asked for it.`;
      if (action === 'refund') return 'This order was never paid: there is nothing to refund.';
      return `This order is ${word}: it cannot be paid.`;
    },
    ownerOnly: 'Only the shopper who placed this order can do this.',
    returnWindowClosed: (days: number, deliveredOn: string) =>
      `Returns are accepted within ${days} days of delivery, and this order was delivered on ${deliveredOn}.`,
    returnNeedsReason: 'Say why you are returning it, so the store can help.',
    receiveNeedsReceived: 'Send received: true when the returned products have arrived.',
    nothingLeftToRefund: 'This order has been refunded in full already.',
    refundTooMuch: (left: string) => `At most ${left} can still be refunded on this order.`,
    wholeCents: 'The amount must be in dollars and whole cents, like 12.50.',
    tooManyUnits: (quantity: number) =>
      `This order has ${quantity} units: refund at most that many.`,
    amountOrUnits: 'Give either an amount or a number of units to refund.',
    /** Units asked above what is left of the payment to give back for them. */
    unitsLeft: (left: number, quantity: number) =>
      left === 0
        ? `None of this order's ${quantity} units can be refunded any more: what is left of the payment is less than one costs.`
        : `At most ${left} of this order's ${quantity} units can still be refunded.`,
    paidElsewhere: 'This order was paid through another payment provider: refund it there.',
    /** The provider said no to a refund the transition decided: no money moved. */
    refundRefused: (amount: string, status: OrderStatus, why: string) =>
      (status === 'cancelled' || status === 'returned'
        ? `The order is ${lifecycleCopy.status[status].toLowerCase()}, but the payment provider refused to refund ${amount}`
        : `The payment provider refused to refund ${amount}`) +
      `: ${why.replace(/\.$/, '')}. Nothing was refunded; refund it from the order page once that is solved.`,
    /** The provider did not answer: the refund may have been made, and is not asked again. */
    refundUnconfirmed: (amount: string, status: OrderStatus) =>
      (status === 'cancelled' || status === 'returned'
        ? `The order is ${lifecycleCopy.status[status].toLowerCase()}. `
        : '') +
      `The payment provider did not confirm the refund of ${amount} yet: it shows on the order once the provider reports it.`,
    changedMeanwhile:
      'Someone else changed this order at the same moment: read it again, then try again.',
  },
  emails: {
    none: 'There is no such email.',
    alreadySent: 'This email was sent already: there is nothing to send again.',
  },
  payment: {
    nothingToPay: 'This order has nothing to pay.',
    stripeOnly: 'Card payments go through Stripe on this store.',
    noIntent: 'No payment is waiting for this client secret.',
    webhooksStripeOnly: 'Webhooks are only used with PAYMENT_PROVIDER=stripe.',
    webhookNeedsSignature: 'A Stripe-Signature header and a JSON body are required.',
    webhookSignatureMismatch: 'The webhook signature does not match.',
  },
  catalog: {
    /** What is wrong in a CSV file, in a person's words (catalog/csvProblems.ts). */
    csv: {
      quoteNotClosed: (line: number) =>
        `Line ${line}: a quote (") is opened and never closed. Close it, or remove it if it belongs to the text.`,
      quoteInsideCell: (line: number) =>
        `Line ${line}: a quote (") stands inside a cell. Put the whole cell in quotes and write each quote in it twice ("").`,
      textAfterQuote: (line: number) =>
        `Line ${line}: text follows a cell's closing quote ("). Put the whole cell in quotes and write each quote in it twice ("").`,
      unreadable: (line: number) =>
        `Line ${line} could not be read as CSV. Save the file as CSV (comma-separated, UTF-8) and upload it again.`,
      notCsv: (kind: string | null) =>
        `This is not a CSV file${kind ? `: it is ${kind}` : ''}. Save the price list as CSV (comma-separated, UTF-8) and upload that.`,
    },
    noHeader: 'The file is empty: the first line must name the columns.',
    columnTwice: (name: string) => `The column "${name}" appears twice.`,
    priceRange: 'minPrice must not be more than maxPrice.',
    modelsOnSale: "Models list the shop's products only: leave status out with by=model.",
    sizeForRating: (size: string) => `${size} is needed for a load index or speed rating.`,
    sizeParts: (size: string) => `${size} needs width, aspect and rim, as in 205/55 R16.`,
  },
  synonyms: {
    oneWord: (typed: string, joined: string) =>
      `"${typed}" is more than one word: a synonym is one word (write ${joined}).`,
    noWord: (typed: string) => `"${typed}" has no letter or digit to search for.`,
    twice: (word: string) => `"${word}" is in two groups: put it in one.`,
    alone: (word: string) => `The group of "${word}" needs at least one other word.`,
  },
  images: {
    notOurs: (label: string) => `${label} must be a picture uploaded to this store.`,
    hostUnreachable: 'The image host could not be reached. Please try again.',
    hostRefused: 'The image host refused the picture. Please try again.',
    sendAsForm: 'Send the picture as multipart/form-data in the field "image".',
    none: 'No image with this id.',
  },
  staff: {
    staffOnly: "Only the store's staff can do this.",
    needs: (permission: Permission, held: readonly StaffRole[]) =>
      `Only the ${roleList(rolesGranting(permission))} role may ${PERMISSION_WORDS[permission]}; ` +
      `you hold ${roleList(held)}. Ask the store's owner for the role.`,
    refundOverLimit: (limit: string, given: string, left: string, hours: number) =>
      `This refund is over your refund limit: you may give back ${limit} in ${hours} hours, ` +
      `you gave ${given} already, so ${left} is left. Ask the owner or an admin to give it.`,
    /** Beside refundOverLimit for an order in another currency: the limit is in dollars. */
    refundCountsAs: (amount: string, dollars: string) =>
      `This refund of ${amount} counts as ${dollars} by the market's conversion rule.`,
    ownerStays: 'The store must keep an owner: give the owner role to someone else first.',
    noSession: 'No session of the staff with this id.',
    centresNeedFitting: 'Centres are chosen for the fitting role only: give the fitting role too.',
    noSuchCentre:
      'One of these fitting centres does not exist (any more). Reload and choose again.',
    notYourCentre:
      "You run the fitting of other centres, not this one. Ask the store's owner to add it to yours.",
    notEveryCentre:
      "The fitting days are the whole shop's: only a fitter of every centre may change them.",
  },
  requests: {
    keyReused: 'This Idempotency-Key was already used for another call.',
    stillSending: 'This form is still being sent. Please wait a moment.',
    storeBusy: 'The store is very busy right now. Please try again in a moment.',
  },
} as const;
