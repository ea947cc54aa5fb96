import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function ProfilePage() {
  return <PlaceholderPage title="Profile" />;
}
