/** Said when an actor failed without a message of its own (a bug, not a refusal). */
export const UNEXPECTED_ERROR = 'Something went wrong. Please try again.';

/**
 * The message of whatever an actor rejected with. The view's actors reject with Errors whose
 * message is meant for the user (the API's `message`, the card provider's message).
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR;
}
