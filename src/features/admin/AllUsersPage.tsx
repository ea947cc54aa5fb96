import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function AllUsersPage() {
  return <PlaceholderPage title="All User" />;
}
