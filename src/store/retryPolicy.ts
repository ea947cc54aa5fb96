import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The spec's query retries: 3, waiting min(1000 * 2^attempt, 30000) ms. */
export const MAX_RETRIES = 3;

/** Wait before retry number `attempt` (1-based, so the first wait is 1 s). */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 30_000);
}

/**
 * Retry reads that may succeed later: network failures, time-outs and 5xx. A 4xx is the
 * client's mistake and will not change by asking again; a write is never repeated blindly
 * because the first try may have reached the server.
 */
export function shouldRetry(
  error: FetchBaseQueryError,
  attempt: number,
  kind: 'query' | 'mutation',
): boolean {
  if (kind === 'mutation' || attempt > MAX_RETRIES) return false;
  if (typeof error.status === 'number') return error.status >= 500;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}
