import os from 'node:os';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../contract/images';
import { IMAGE_SIZES, type ImageSize } from '../contract/limits';
import { HttpError } from '../http/errors';

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
const TOO_MANY_PIXELS = `The picture has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (for example 8000 × 6000).`;

/** The longest side any size needs. */
const LARGEST = Math.max(...Object.values(IMAGE_SIZES).flatMap((s) => [s.width, s.height]));

const FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'heif']);

/** Pictures decoded at once (all cores but one); more wait their turn (memory stays bounded). */
const AT_ONCE = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Decodes an upload and makes every size the store shows, as fresh WebP files: nothing of the
 * uploaded bytes survives (no metadata, no trailing data, no script in a comment). The pixel
 * limit is checked from the header before anything is decoded. libvips works on its own
 * threads, so the event loop keeps serving other requests meanwhile.
 */
export function reencode(input: Buffer): Promise<Variant[]> {
  return inTurn(async () => {
    let format: string | undefined;
    let pixels: number;
    try {
      const meta = await sharp(input, { limitInputPixels: false }).metadata();
      format = meta.format;
      pixels = (meta.width ?? 0) * (meta.height ?? 0);
    } catch {
      throw new HttpError(400, NOT_A_PICTURE);
    }
    // AVIF decodes as heif; SVG, TIFF, PDF and the rest are refused.
    if (!format || !FORMATS.has(format) || pixels === 0) throw new HttpError(400, NOT_A_PICTURE);
    if (pixels > MAX_IMAGE_PIXELS) throw new HttpError(400, TOO_MANY_PIXELS);

    try {
      // Decoded once, upright by its EXIF orientation, shrunk to what the largest size needs;
      // each size is cut from that. Nothing but pixels is carried over.
      const { data, info } = await sharp(input, {
        limitInputPixels: MAX_IMAGE_PIXELS,
        failOn: 'error',
      })
        .rotate()
        .resize(LARGEST, LARGEST, { fit: 'outside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const variants: Variant[] = [];
      for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
        const { width, height } = IMAGE_SIZES[size];
        const made = await sharp(data, pixels)
          .resize(width, height, { fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        variants.push({ size, width: made.info.width, height: made.info.height, bytes: made.data });
      }
      return variants;
    } catch {
      throw new HttpError(400, NOT_A_PICTURE);
    }
  });
}
