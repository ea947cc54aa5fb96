import { copy } from '../../copy';
import { apiErrorMessage } from '../../store/apiError';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageHeading } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { usePageTitle } from '../../ui/usePageTitle';
import { ProfileForm } from './ProfileForm';
import { useMyProfile } from './useMyProfile';

/** `/dashboard/profile/updateProfile`: the profile form, filled from the saved profile. */
export function UpdateProfilePage() {
  usePageTitle(copy.profile.update);
  const { user, query, refused, missing } = useMyProfile();

  let body;
  if (user && (query.data || missing)) {
    body = (
      <ProfileForm
        // Filled once: a refetch must not wipe what is being typed.
        key={query.data ? 'saved' : 'new'}
        email={user.email}
        displayName={user.displayName}
        profile={query.data ?? null}
      />
    );
  } else if (query.isError && !query.isFetching && !refused) {
    body = (
      <ErrorPanel
        message="We could not load your profile."
        actionLabel="Try again"
        onAction={() => void query.refetch()}
      >
        <p>{apiErrorMessage(query.error)}</p>
      </ErrorPanel>
    );
  } else {
    body = <Spinner label="Loading your profile" showLabel />;
  }

  return (
    <>
      <PageHeading>{copy.profile.update}</PageHeading>
      {body}
    </>
  );
}
