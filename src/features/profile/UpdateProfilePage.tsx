import { copy } from '@contract/copy';
import { PageHeading } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { ProfileForm } from './ProfileForm';
import { ProfileLoadState } from './ProfileLoadState';
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
  } else {
    body = <ProfileLoadState query={query} refused={refused} />;
  }

  return (
    <>
      <PageHeading>{copy.profile.update}</PageHeading>
      {body}
    </>
  );
}
