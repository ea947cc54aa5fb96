import { apiErrorMessage, apiErrorStatus, isRetryableStatus } from '../../store/apiError';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { type QueryLike } from '../../shared/QueryState';
import { Spinner } from '../../ui/Spinner';

/**
 * The profile page and the update page while there is nothing to show yet: the API's failure
 * with a retry, or the spinner. A refused sign-in keeps the spinner: useMyProfile is already
 * signing out and leaving for /home.
 */
export function ProfileLoadState({
  query,
  refused,
}: {
  query: QueryLike<unknown>;
  refused: boolean;
}) {
  if (query.isError && !query.isFetching && !refused) {
    const retry = isRetryableStatus(apiErrorStatus(query.error));
    return (
      <ErrorPanel
        message="We could not load your profile."
        {...(retry ? { actionLabel: 'Try again', onAction: () => void query.refetch() } : {})}
      >
        <p>{apiErrorMessage(query.error)}</p>
      </ErrorPanel>
    );
  }
  return <Spinner label="Loading your profile" showLabel />;
}
