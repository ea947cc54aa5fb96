import { CloneType, Type, type Static, type TSchema } from '@sinclair/typebox';
import { TEXT_MAX, WEB_URL_PATTERN, WEB_URL_PROBLEM } from './limits';
import { PICTURE_PATTERN } from './pictures';

/** Every error the API answers: a short name of the status and a message a person can act on. */
export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'The HTTP status name, e.g. "Bad Request"' }),
    message: Type.String({ description: 'What is wrong, in words a client can show' }),
    field: Type.Optional(
      Type.String({ description: 'The body field the message is about, when it is about one' }),
    ),
  },
  { $id: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** Record ids are UUIDs, carried as `_id` like the spec's records. */
export const Id = Type.String({
  format: 'uuid',
  description: 'Record id (UUID)',
  errorMessage: { format: 'is not one the store uses' },
});

/**
 * A field as its form labels it: the API's messages name it so ('Phone Number is required'),
 * never by its key. `title` is a plain JSON Schema annotation.
 */
export const labelled = <T extends TSchema>(schema: T, title: string): T =>
  CloneType(schema, { title });

export const IdParams = Type.Object({ id: labelled(Id, "This link's id") });
export type IdParams = Static<typeof IdParams>;

/** Text a person typed: at least one visible character, at most `maxLength`. */
export const NonBlank = (maxLength: number, title?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(title ? { title } : {}) });

/**
 * A picture: a path on this store (uploaded or bundled), never one a browser reads as another
 * site's (`//x`, `/\x`), or an address on imgbb, where the store keeps uploads when IMGBB_KEY is
 * set (the API also checks that it sent that picture there: a picture that never went through
 * its re-encoding is never shown). See contract/pictures.ts.
 */
export const ImageUrl = Type.String({
  maxLength: 2048,
  pattern: PICTURE_PATTERN,
  errorMessage: { pattern: 'must be a picture uploaded to this store' },
});

/** A link a person will click: only http(s), never `javascript:` and friends. */
export const WebUrl = Type.String({
  maxLength: TEXT_MAX.webUrl,
  pattern: WEB_URL_PATTERN,
  errorMessage: { pattern: WEB_URL_PROBLEM },
});

/**
 * The optional header of create calls: one random value per form submission, the same on every
 * repeat of it, so a double-submit or a retry creates one record (the SPA sends it).
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      title: 'Idempotency-Key',
      pattern: '^[A-Za-z0-9_-]{8,128}$',
      description: 'One value per form submission; a repeat gets the first answer',
      errorMessage: { pattern: 'must be 8 to 128 letters, digits, dashes or underscores' },
    }),
  ),
});
