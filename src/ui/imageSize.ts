import type { ImageSize } from '@contract/imageLimits';

const OWN_UPLOAD = /^\/api\/images\/[0-9a-f-]{36}$/i;

/**
 * The address of a picture at one size: the store's own uploads have each size at
 * `/api/images/:id/:size`; bundled pictures and imgbb's are used as they are.
 */
export function sizedImage(url: string, size: ImageSize): string {
  return OWN_UPLOAD.test(url) ? `${url}/${size}` : url;
}
