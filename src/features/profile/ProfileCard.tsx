import styled from 'styled-components';
import { panelSurface } from '../../ui/surface';
import type { Profile } from '@contract/profiles';
import { copy } from '@contract/copy';
import { Avatar } from '../../ui/Avatar';
import { ButtonLink } from '../../ui/Button';
import { ExternalLink } from '../../ui/TextLink';
import { media } from '../../ui/theme';

export const UPDATE_PROFILE_PATH = '/dashboard/profile/updateProfile';

export const Panel = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.textWidth};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    overflow-wrap: anywhere;
  }
  p {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    color: ${({ theme }) => theme.colors.muted};
    overflow-wrap: anywhere;
  }
`;

const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  ${media.tablet} {
    grid-template-columns: max-content minmax(0, 1fr);
    column-gap: ${({ theme }) => theme.space.xl};
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** The spec's profile view: round picture, name, institute, department, address, Linkedin. */
export function ProfileCard({ profile }: { profile: Profile }) {
  return (
    <Panel aria-labelledby="profile-name">
      <Header>
        <Avatar
          src={profile.image}
          name={profile.name}
          alt={`Photo of ${profile.name}`}
          size={120}
        />
        <div>
          <h2 id="profile-name">{profile.name}</h2>
          <p>{profile.email}</p>
        </div>
      </Header>
      <Details>
        <dt>Institute</dt>
        <dd>{profile.instituteName}</dd>
        <dt>Department</dt>
        <dd>{profile.Department}</dd>
        <dt>Address</dt>
        <dd>{profile.Address}</dd>
        <dt>Linkedin</dt>
        <dd>
          <ExternalLink href={profile.Linkedin}>{profile.Linkedin}</ExternalLink>
        </dd>
      </Details>
      <div>
        <ButtonLink to={UPDATE_PROFILE_PATH}>{copy.profile.update}</ButtonLink>
      </div>
    </Panel>
  );
}
