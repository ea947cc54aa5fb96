import { Type, type Static } from '@sinclair/typebox';

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

/** The largest image accepted, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
