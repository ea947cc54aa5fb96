import { Type, type Static } from '@sinclair/typebox';
import { IMAGE_LIMITS, IMAGE_SIZES, type ImageSize } from '../../../contract/imageLimits';
import { Id } from '../../../contract/common';

/** imgbb-compatible answer of an upload: clients read `success` and `data.url`. */
export const ImageUploadResponse = Type.Object({
  success: Type.Literal(true),
  status: Type.Integer(),
  data: Type.Object({
    id: Type.String(),
    url: Type.String(),
    display_url: Type.String(),
    size: Type.Integer(),
    mime: Type.String(),
  }),
});
export type ImageUploadResponse = Static<typeof ImageUploadResponse>;

/** imgbb's `key` parameter, accepted and ignored: the API's own store needs no key. */
export const ImageUploadQuery = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The upload form, as imgbb takes it: the picture in the field `image`. */
export const ImageUploadForm = Type.Object({
  image: Type.String({ format: 'binary', description: 'The picture file' }),
});

/** The most pixels an uploaded picture may have (a 48-megapixel phone photo fits). */
export const MAX_IMAGE_PIXELS = IMAGE_LIMITS.pixels;

export const ImageParams = Type.Object({
  id: Id,
  // An enum rather than a union of literals: one readable refusal, and clients see the choices.
  size: Type.Unsafe<ImageSize>({
    type: 'string',
    enum: Object.keys(IMAGE_SIZES),
    description: 'The size to show it at',
  }),
});
