/**
 * What the store's domain refuses, in the user's words, with a stable code saying what kind of
 * refusal it is. The domain modules throw these and know nothing of HTTP: the API's error
 * handler (`http/errors.ts`) turns each code into its status, in one place.
 */
export type DomainErrorCode =
  | 'invalid'
  | 'too_large'
  | 'not_signed_in'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many'
  | 'provider_failed';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;

  constructor(
    message: string,
    /** The form field it is about, for the SPA to show under that field. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** What was sent cannot be taken as it is (a field, a file, a filter). */
export class Invalid extends DomainError {
  readonly code = 'invalid';
}

/** What was sent is bigger than the store takes. */
export class TooLarge extends DomainError {
  readonly code = 'too_large';
}

/** The caller is not signed in, or their sign-in no longer holds. */
export class NotSignedIn extends DomainError {
  readonly code = 'not_signed_in';
}

/** Signed in, but not allowed this (someone else's, admins only, email not verified). */
export class Forbidden extends DomainError {
  readonly code = 'forbidden';
}

/** What was asked for does not exist (or is not the caller's to see). */
export class NotFound extends DomainError {
  readonly code = 'not_found';
}

/** Not possible as things stand now (sold out, already paid, changed meanwhile). */
export class Conflict extends DomainError {
  readonly code = 'conflict';
}

/** Too many at once or too often: wait, then try again. */
export class TooMany extends DomainError {
  readonly code = 'too_many';
}

/** A provider the store relies on (payments, the image host) refused or did not answer. */
export class ProviderFailed extends DomainError {
  readonly code = 'provider_failed';
}
