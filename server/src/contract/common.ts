import { Type, type Static } from '@sinclair/typebox';

/** Every error the API answers: a short name of the status and a message a person can act on. */
export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'The HTTP status name, e.g. "Bad Request"' }),
    message: Type.String({ description: 'What is wrong, in words a client can show' }),
  },
  { $id: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** Record ids are UUIDs, carried as `_id` like the spec's records. */
export const Id = Type.String({ format: 'uuid', description: 'Record id (UUID)' });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** Text a person typed: at least one visible character, at most `maxLength`. */
export const NonBlank = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** A picture: an absolute http(s) URL or a path on this store (uploaded or bundled). */
export const ImageUrl = Type.String({
  maxLength: 2048,
  pattern: '^(https?://\\S+|/\\S*)$',
  errorMessage: 'must be an http(s) URL or a path on this store',
});

/** A link a person will click: only http(s), never `javascript:` and friends. */
export const WebUrl = Type.String({
  maxLength: 300,
  pattern: '^https?://\\S+$',
  errorMessage: 'must be a web address starting with http:// or https://',
});
