import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function MyOrdersPage() {
  return <PlaceholderPage title="My Orders" />;
}
