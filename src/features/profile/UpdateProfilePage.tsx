import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function UpdateProfilePage() {
  return <PlaceholderPage title="Update Your Profile" />;
}
