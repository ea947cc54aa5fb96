/**
 * The pictures the store takes and shows: their types, size and pixels, and the words of each
 * refusal, defined once for the API and the SPA's upload fields. Apart from limits.ts, so pages
 * without an upload do not carry these sentences.
 */

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
