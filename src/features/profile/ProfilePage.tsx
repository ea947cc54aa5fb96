import styled from 'styled-components';
import { copy } from '@contract/copy';
import { Avatar } from '../../ui/Avatar';
import { ButtonLink } from '../../ui/Button';
import { PageHeading } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { Header, Panel, ProfileCard, UPDATE_PROFILE_PATH } from './ProfileCard';
import { ProfileLoadState } from './ProfileLoadState';
import { SignOutEverywhere } from './SignOutEverywhere';
import { useMyProfile } from './useMyProfile';

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** `/dashboard` and `/dashboard/profile`: the signed-in user's profile, or how to make one. */
export function ProfilePage() {
  usePageTitle('Profile');
  const { user, query, refused, missing } = useMyProfile();
  const profile = query.data;

  let body;
  if (profile) {
    body = <ProfileCard profile={profile} />;
  } else if (missing && user) {
    const name = user.displayName || user.email;
    body = (
      <Panel aria-labelledby="profile-empty">
        <Header>
          <Avatar src="" name={name} alt="No profile picture yet" size={120} />
          <div>
            <h2 id="profile-empty">You have no profile yet</h2>
            <p>{user.email}</p>
          </div>
        </Header>
        <Lead>
          Add your name, institute, department, address, Linkedin and a photo. It takes a minute.
        </Lead>
        <div>
          <ButtonLink to={UPDATE_PROFILE_PATH}>{copy.profile.update}</ButtonLink>
        </div>
      </Panel>
    );
  } else {
    body = <ProfileLoadState query={query} refused={refused} />;
  }

  return (
    <>
      <PageHeading>Profile</PageHeading>
      {body}
      {user && !refused && <SignOutEverywhere />}
    </>
  );
}
