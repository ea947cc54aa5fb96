import os from 'node:os';
import sharp from 'sharp';
import {
  IMAGE_LIMITS,
  IMAGE_SIZES,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_TOO_NARROW,
  IMAGE_TOO_SLOW,
  imageTooManyPixelsAs,
  type ImageSize,
} from '../../../contract/imageLimits';
import { Invalid } from '../domainErrors';
import { FairTurns } from './turns';

// libvips keeps no cache of its own between uploads (memory stays flat), and stops at the
// first sign of a corrupt file instead of showing whatever it could read.
sharp.cache(false);
// One libvips thread per picture: with pictures taking turns (below), image work never takes
// every core, and the event loop keeps one to answer other requests.
sharp.concurrency(1);

export interface Variant {
  size: ImageSize;
  width: number;
  height: number;
  bytes: Buffer;
}

export const NOT_A_PICTURE =
  'This file is not a picture we can read. Choose a JPEG, PNG, GIF, WebP or AVIF picture.';

/** The longest side any size needs. */
const LARGEST = Math.max(...Object.values(IMAGE_SIZES).flatMap((s) => [s.width, s.height]));

const FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'heif']);

/**
 * Pictures decoded at once: all cores but one, and at least two, so that while one account's
 * picture is decoded another account's need not wait for it. One account has one at a time.
 */
const turns = new FairTurns(Math.max(2, os.availableParallelism() - 1));

/**
 * The kind of picture libvips cannot read a few lines at a time, in words ('an AVIF file'), or
 * null. These are decoded whole into memory (AVIF, GIF, progressive JPEG, interlaced PNG) or at
 * 16 bits a channel, and cost several times more per pixel than the others: an 8000 × 6000
 * AVIF of 1 KB took 0.9 GB to decode.
 */
function costlyKind(meta: sharp.Metadata): string | null {
  if (meta.format === 'heif') return 'an AVIF file';
  if (meta.format === 'gif') return 'a GIF';
  if (meta.format === 'jpeg' && meta.isProgressive) return 'a progressive JPEG';
  if (meta.format === 'png' && meta.isProgressive) return 'an interlaced PNG';
  if (meta.depth && meta.depth !== 'uchar') return `a 16-bit ${meta.format?.toUpperCase()}`;
  return null;
}

/**
 * What the header says, checked before any pixel is decoded: the kind of file, its shape and
 * its pixels for what it is. Returns the pixels it may have (the decoder's own limit).
 */
export function checkHeader(meta: sharp.Metadata): number {
  const { format, width = 0, height = 0 } = meta;
  // AVIF decodes as heif; SVG, TIFF, PDF and the rest are refused.
  if (!format || !FORMATS.has(format) || width <= 0 || height <= 0) {
    throw new Invalid(NOT_A_PICTURE);
  }
  const [longer, shorter] = width >= height ? [width, height] : [height, width];
  if (longer > shorter * IMAGE_LIMITS.aspectRatio) throw new Invalid(IMAGE_TOO_NARROW);
  const pixels = width * height;
  if (longer > IMAGE_LIMITS.side || pixels > IMAGE_LIMITS.pixels) {
    throw new Invalid(IMAGE_TOO_MANY_PIXELS);
  }
  const costly = costlyKind(meta);
  if (costly && pixels > IMAGE_LIMITS.costlyKindPixels) {
    throw new Invalid(imageTooManyPixelsAs(costly));
  }
  return costly ? IMAGE_LIMITS.costlyKindPixels : IMAGE_LIMITS.pixels;
}

/** Reads only the header (no pixel is decoded) and checks it; the decoder's pixel limit. */
async function readHeader(input: Buffer): Promise<number> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new Invalid(NOT_A_PICTURE);
  }
  return checkHeader(meta);
}

const budget = { seconds: IMAGE_LIMITS.decodeSeconds };

/** libvips' error when a pipeline ran out of its time. */
const timedOut = (err: unknown) => err instanceof Error && err.message.startsWith('timeout');

async function decode(input: Buffer, maxPixels: number): Promise<Variant[]> {
  try {
    // Decoded once, upright by its EXIF orientation, shrunk to what the largest size needs;
    // each size is cut from that. Nothing but pixels is carried over. The decoder refuses more
    // pixels than the header promised, and stops when the time is up.
    const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .timeout(budget)
      .rotate()
      .resize(LARGEST, LARGEST, { fit: 'outside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const variants: Variant[] = [];
    for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
      const { width, height } = IMAGE_SIZES[size];
      const made = await sharp(data, pixels)
        .timeout(budget)
        .resize(width, height, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ size, width: made.info.width, height: made.info.height, bytes: made.data });
    }
    return variants;
  } catch (err) {
    throw new Invalid(timedOut(err) ? IMAGE_TOO_SLOW : NOT_A_PICTURE);
  }
}

/**
 * Decodes an upload and makes every size the store shows, as fresh WebP files: nothing of the
 * uploaded bytes survives (no metadata, no trailing data, no script in a comment).
 *
 * What cannot be decoded cheaply is refused from the header, before anything is decoded
 * (`IMAGE_LIMITS`: shape, side, pixels for the kind of file); what is decoded has a pixel limit
 * and a time budget. Pictures take turns by `account` (the uploader; '' for pictures the store
 * already held), one at a time per account, so one account's uploads never hold up another's.
 * libvips works on its own threads, so the event loop keeps serving other requests meanwhile.
 */
export async function reencode(input: Buffer, account = ''): Promise<Variant[]> {
  const maxPixels = await readHeader(input);
  return turns.run(account, () => decode(input, maxPixels));
}
