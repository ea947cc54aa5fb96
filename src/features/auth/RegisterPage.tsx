import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function RegisterPage() {
  return <PlaceholderPage title="Register" />;
}
