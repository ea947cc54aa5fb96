import { apiErrorField, apiErrorMessage, apiErrorStatus, isRetryableStatus } from './apiError';

/**
 * A failed API call as an Error: the message to show, the HTTP status (null: no answer) and the
 * body field the refusal is about, if any.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Awaits an RTK Query call (a mutation trigger or `dispatch(endpoint.initiate(...))`) and throws
 * an ApiError instead of RTK's plain error object, so XState actors reject with a real Error
 * whose message the screen can show as it is.
 */
export async function unwrapOrThrow<T>(call: { unwrap(): Promise<T> }): Promise<T> {
  try {
    return await call.unwrap();
  } catch (error) {
    throw new ApiError(apiErrorMessage(error), apiErrorStatus(error), apiErrorField(error));
  }
}

/** Whether trying a failed call again can help (anything but an ApiError refusal can). */
export function canRetry(error: unknown): boolean {
  return !(error instanceof ApiError) || isRetryableStatus(error.status);
}
