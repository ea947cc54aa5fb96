import type { ReactNode } from 'react';
import { apiErrorMessage, apiErrorStatus, isRetryableStatus } from '../store/apiError';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Spinner } from '../ui/Spinner';

/** The part of an RTK Query hook result this needs (any query hook's result fits). */
export interface QueryLike<T> {
  data?: T;
  isError: boolean;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The three faces of data from the API: a loading indicator, a clear message when the call
 * failed (with a retry button only where trying again can help), and the data. Cached data wins over a failed refetch: a shopper
 * is better served by the list they had than by an error.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  errorMessage,
  children,
}: {
  query: QueryLike<T>;
  loadingLabel: string;
  errorMessage: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isError, error, isFetching, refetch } = query;
  if (data !== undefined) return <>{children(data)}</>;
  if (isError && !isFetching) {
    const retry = isRetryableStatus(apiErrorStatus(error));
    return (
      <ErrorPanel
        message={errorMessage}
        {...(retry ? { actionLabel: 'Try again', onAction: () => void refetch() } : {})}
      >
        {/* The API's own words (e.g. 'No product with this id.'), or "could not be reached". */}
        <p>{apiErrorMessage(error)}</p>
      </ErrorPanel>
    );
  }
  return <Spinner label={loadingLabel} showLabel />;
}
