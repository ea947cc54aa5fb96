/**
 * The limits of what people type, defined once: the contract's schemas validate with them and
 * the SPA's forms check them before sending, with the same words. Plain values (no TypeBox),
 * so the SPA bundles only these numbers and sentences.
 */

/** The longest text of each kind of field. */
export const TEXT_MAX = {
  personName: 100,
  address: 300,
  productName: 200,
  description: 2000,
  institute: 160,
  department: 120,
  webUrl: 300,
  /** Why an order is cancelled, returned or refunded. */
  reason: 500,
} as const;

/** A carrier's name. */
export const SHIPMENT_TEXT_MAX = 80;
/** A parcel's tracking number as carriers print them: letters, digits, spaces and dashes. */
export const TRACKING_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]{3,38}[A-Za-z0-9]$';
export const TRACKING_NUMBER_PROBLEM = 'must be 5 to 40 letters and digits, as the carrier gave it';

/** Prices (dollars) and product quantities (units). */
export const AMOUNT_MAX = 1_000_000;

/** Said when an order asks for fewer than one unit (the order modal lets 0 through, as the spec says). */
export const ORDER_QUANTITY_TOO_SMALL = 'must be at least 1: an order is for one unit or more';

/**
 * The largest order total one card payment can take (Stripe's limit: $999,999.99), in cents.
 * Orders above it are refused when placed, by the order modal and by the API.
 */
export const ORDER_TOTAL_MAX_CENTS = 99_999_999;
export const ORDER_TOTAL_MAX_DOLLARS = ORDER_TOTAL_MAX_CENTS / 100;

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Why an order of this total (cents) cannot be paid by card; null when it can. */
export function orderTotalProblem(totalCents: number): string | null {
  if (totalCents <= ORDER_TOTAL_MAX_CENTS) return null;
  return (
    `This order comes to ${dollars(totalCents)}, more than the ` +
    `${dollars(ORDER_TOTAL_MAX_CENTS)} one card payment can take. Please order fewer units.`
  );
}

/** A review's stars. */
export const RATINGS = { min: 1, max: 5 } as const;

/** A phone number as people type it: digits with spaces, dashes, dots, brackets, a leading +. */
export const PHONE_PATTERN = '^\\+?\\(?[0-9][0-9 ()./-]{4,22}[0-9]$';
export const PHONE_PROBLEM =
  'must be 6 to 24 characters: digits, with spaces, dashes, dots or brackets between them and an optional + or ( in front';

/** A link a person will click: only http(s). */
export const WEB_URL_PATTERN = '^https?://\\S+$';
export const WEB_URL_PROBLEM = 'must be a web address starting with http:// or https://';

/** Add Product: a product nobody could order is refused. */
export const ORDER_QUANTITY_ABOVE_STOCK =
  'must be less than the available quantity: shoppers can order only what is left above it';

/**
 * How many reviews one account may write: at most `reviews` in any `seconds` (rolling). A
 * customer writes one after a purchase or a fitting; a few in a row are a family's cars.
 */
export const REVIEW_POSTING_LIMITS = [
  { reviews: 3, seconds: 10 * 60, period: 'the last 10 minutes' },
  { reviews: 10, seconds: 24 * 60 * 60, period: 'the last 24 hours' },
] as const;

/** A wait as people say it: '40 seconds', '1 minute', '7 minutes', '5 hours' (rounded up). */
export function waitInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return unit(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  return unit(Math.ceil(whole / 3600), 'hour');
}

/** Said (429) to an account that wrote as many reviews as it may for now. */
export function reviewLimitMessage(
  limit: (typeof REVIEW_POSTING_LIMITS)[number],
  waitSeconds: number,
): string {
  return (
    `You have written ${limit.reviews} reviews in ${limit.period}, as many as one account may. ` +
    `You can write the next one in ${waitInWords(waitSeconds)}.`
  );
}
