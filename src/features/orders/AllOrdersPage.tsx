import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function AllOrdersPage() {
  return <PlaceholderPage title="All Orders" />;
}
