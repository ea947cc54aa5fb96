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

/** Units one order may take. */
export const ORDER_QUANTITY = { min: 1, max: 10_000 } as const;

/** Lines one bag may hold, and units one line may ask for (an order's own limit). */
export const BAG_LINES_MAX = 30;
export const BAG_LINE_QUANTITY = ORDER_QUANTITY;

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
 * The pictures the store takes: these types, each with its name as people read it (the API
 * checks the bytes; the SPA checks the type first, to say so before anything is sent).
 */
const IMAGE_TYPE_NAMES = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
} as const;
export const ACCEPTED_IMAGE_TYPES = Object.keys(IMAGE_TYPE_NAMES) as Array<
  keyof typeof IMAGE_TYPE_NAMES
>;
const names: string[] = Object.values(IMAGE_TYPE_NAMES);
/** 'JPEG, PNG, GIF, WebP or AVIF'. */
export const IMAGE_TYPES_IN_WORDS = `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
/** Said when a file is not one of these types. */
export const IMAGE_TYPE_MESSAGE = `Choose a ${IMAGE_TYPES_IN_WORDS} picture.`;

/** The largest picture accepted, in bytes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_MB = MAX_IMAGE_BYTES / 1024 / 1024;
/** The API's refusal of a larger file. */
export const IMAGE_TOO_LARGE = `The picture is larger than ${MAX_IMAGE_MB} MB.`;

/**
 * What the store decodes at all, read from a picture's header before any pixel is decoded. The
 * pictures are shown cropped to fill 4:3 and square frames at most 960 pixels wide, so nothing
 * needs more than a phone photo; beyond these, a small file can decode into gigabytes (a 142 KB
 * PNG of 50,000,000 × 1 pixels took 1.5 GB). Within them one upload costs at most about a
 * second of CPU and 250 MB of memory.
 */
export const IMAGE_LIMITS = {
  /** Pixels at most (a 48-megapixel phone photo, 8000 × 6000, fits). */
  pixels: 50_000_000,
  /** Pixels on a side at most. */
  side: 12_000,
  /** The longer side at most this many times the shorter one (a 4:1 panorama fits). */
  aspectRatio: 4,
  /**
   * Pixels at most for the kinds that are decoded whole into memory, or at 16 bits a channel,
   * rather than a few lines at a time: AVIF, GIF, progressive JPEG, interlaced or 16-bit PNG.
   */
  costlyKindPixels: 12_000_000,
  /** Seconds decoding one picture may take (wall time): a last resort behind the limits above. */
  decodeSeconds: 5,
} as const;

const megapixels = (pixels: number) => pixels / 1_000_000;
/**
 * 12,000: thousands separated by commas, as en-US writes them. Not toLocaleString: this runs when
 * the module loads, in every page's first script too, and a browser's first Intl call loads its
 * locale data (tens of milliseconds on a phone).
 */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Said when one side of a picture is more than `aspectRatio` times the other. */
export const IMAGE_TOO_NARROW =
  `The picture is too long and narrow: its longer side may be at most ` +
  `${IMAGE_LIMITS.aspectRatio} times its shorter side. Crop it, then choose it again.`;
/** Said when a picture has more pixels, or more on a side, than any picture the store takes. */
export const IMAGE_TOO_MANY_PIXELS =
  `The picture has too many pixels: at most ${megapixels(IMAGE_LIMITS.pixels)} megapixels, ` +
  `and ${count(IMAGE_LIMITS.side)} on a side (a 48-megapixel phone photo, 8000 × 6000, fits). ` +
  `Make it smaller, then choose it again.`;
/** Said when a picture of a costly kind ('an AVIF file', 'a GIF'...) has too many pixels. */
export const imageTooManyPixelsAs = (kind: string) =>
  `The picture has too many pixels for ${kind}: at most ` +
  `${megapixels(IMAGE_LIMITS.costlyKindPixels)} megapixels (for example 4000 × 3000). ` +
  `Save it as an ordinary JPEG, or make it smaller, then choose it again.`;
/** Said when decoding a picture ran out of its time. */
export const IMAGE_TOO_SLOW =
  'The picture took too long to read. Save it as an ordinary JPEG, or make it smaller, then choose it again.';

/** Uploads one account may have under way at once; more answer 429. */
export const IMAGE_UPLOADS_AT_ONCE = 4;
export const IMAGE_UPLOADS_BUSY =
  `You are already sending ${IMAGE_UPLOADS_AT_ONCE} pictures: ` +
  'wait until they are done, then try again.';

/**
 * The sizes the store shows a picture at, each made once at upload (cropped to fill, WebP):
 * product cards, product details, and round avatars (reviews, profile). Twice or more the CSS
 * size, for sharp screens. `GET /api/images/:id/:size` serves one; `/api/images/:id` is `details`.
 */
export const IMAGE_SIZES = {
  card: { width: 400, height: 300 },
  details: { width: 960, height: 720 },
  avatar: { width: 240, height: 240 },
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/**
 * Reviews a page of `GET /api/review` holds: `size` unless `limit` says otherwise (the `/review`
 * page shows that many, four rows of three), never more than `max`.
 */
export const REVIEW_PAGE = { size: 12, max: 50 } as const;

/** Reviews of a model a page of its `/model/:id` shows (`GET /models/:id/reviews`, at most REVIEW_PAGE.max). */
export const MODEL_REVIEW_PAGE = 6;

/** Reviews the landing page shows: the newest. */
export const LANDING_REVIEWS = 3;

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
