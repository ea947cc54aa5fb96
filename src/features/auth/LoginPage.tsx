import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function LoginPage() {
  return <PlaceholderPage title="Login" />;
}
