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

/**
 * The field a validation message of the API names (`body.Linkedin must be ...`), with the
 * message minus the `body.` prefix; null when the message names no body field.
 */
export function bodyFieldError(message: string): { field: string; message: string } | null {
  const match = /^body\.([A-Za-z0-9_]+)\b(.*)$/.exec(message);
  if (!match) return null;
  return { field: match[1]!, message: `${match[1]}${match[2]}` };
}
