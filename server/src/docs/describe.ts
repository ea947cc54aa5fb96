import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { ErrorResponse } from '../../../contract/common';

/**
 * What each route says about itself in the OpenAPI document, next to its schema: who may call
 * it, every refusal it can answer, and an example of its body. The shapes stay the contract's.
 */

/** The calls that need `Authorization: Bearer <app access token>` (PUT /users/:email aside). */
export const signedIn = [{ bearer: [] }];
/** Only the sign-in token exchange: a Firebase ID token, not the app's access token. */
export const firebaseSignIn = [{ firebaseIdToken: [] }];
/** Anyone may call: an explicit empty requirement, so clients and linters know it is public. */
export const publicCall = [];

/** Why each refusal happens, as the document's response descriptions. */
const WHY = {
  400: 'The request is malformed or a value is invalid: `message` says which and why',
  401: 'No bearer access token, or it is invalid or expired: sign in again',
  402: 'The payment did not go through',
  403: 'Signed in, but this account may not do this',
  404: 'There is no such record',
  409: 'The record is not in a state that allows this',
  413: 'The upload is too large',
  422: 'This Idempotency-Key was already used for another call',
  429: 'Too many writes from this client in a minute: `message` says when to try again',
  502: 'A provider the store relies on (the image host, the tax provider) did not answer',
  503: 'The database is not answering yet, or no connection to it came free in time: try again (Retry-After)',
} as const;

export type FailureStatus = keyof typeof WHY;

/** The `{ error, message }` answer for each of these statuses, each with what it means. */
export function failures<S extends FailureStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      Type.Object(ErrorResponse.properties, { description: WHY[status] }),
    ]),
  ) as Record<S, TObject<typeof ErrorResponse.properties>>;
}

/** A request body schema with an example a reader (or Swagger UI) can send as it is. */
export function withExample<T extends TSchema>(schema: T, example: Static<T>): T {
  return { ...schema, examples: [example] };
}

/** One refusal whose meaning for this call is more than the usual one (a 429 of its own rule). */
export function failure<S extends FailureStatus>(status: S, description: string) {
  return { [status]: Type.Object(ErrorResponse.properties, { description }) } as Record<
    S,
    TObject<typeof ErrorResponse.properties>
  >;
}
