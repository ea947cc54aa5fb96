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
