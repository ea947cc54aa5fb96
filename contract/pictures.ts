/**
 * Where a picture a product, a review or a profile shows may be: on this store, or on imgbb,
 * where the store keeps uploads when IMGBB_KEY is set. Plain values, so the SPA bundles only
 * these: the API's schemas (`ImageUrl`) and the SPA's upload check the same rule.
 *
 * A path on this store starts with one `/` and has no `\` anywhere: browsers read a backslash
 * as a slash, so `/\offsite.example/x.png` is `//offsite.example/x.png`, a picture of another
 * site (which would learn of every visitor, and show what it likes). Nor may it hold a space or a
 * tab, which browsers drop from addresses (`/<tab>/offsite.example`).
 */
export const PICTURE_PATTERN = '^(/[^/\\\\\\s][^\\\\\\s]*|https://i\\.ibb\\.co/[^\\\\\\s]+)$';

const picture = new RegExp(PICTURE_PATTERN);

/** Whether `url` is a picture the store shows: a path of its own, or imgbb's. */
export const isStorePicture = (url: string): boolean => url.length <= 2048 && picture.test(url);
