import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

const UNREACHABLE = 'The store could not be reached. Check your connection, then try again.';
const FALLBACK = 'Something went wrong on our side. Please try again.';

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The HTTP status of a failed RTK Query call, or null (no answer, or no error at all). */
export function apiErrorStatus(error: unknown): number | null {
  return isFetchError(error) && typeof error.status === 'number' ? error.status : null;
}

/** What to tell the user about a failed call: the API's `{ message }`, or a plain sentence. */
export function apiErrorMessage(error: unknown): string {
  if (isFetchError(error)) {
    if (typeof error.status === 'number') {
      const data = error.data as { message?: unknown } | undefined;
      return typeof data?.message === 'string' ? data.message : FALLBACK;
    }
    return UNREACHABLE;
  }
  return (error as SerializedError | undefined)?.message || FALLBACK;
}

/** The body field a refusal of the API is about (its `field`), or null. */
export function apiErrorField(error: unknown): string | null {
  if (!isFetchError(error) || typeof error.status !== 'number') return null;
  const data = error.data as { field?: unknown } | undefined;
  return typeof data?.field === 'string' ? data.field : null;
}

/**
 * Whether asking again can help: no answer, a fault on the server's side, a timeout or a
 * rate limit. A refusal (a bad link, someone else's order, a missing record) stays one.
 */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || status >= 500 || status === 408 || status === 429;
}
