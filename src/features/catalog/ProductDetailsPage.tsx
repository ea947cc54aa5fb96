import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function ProductDetailsPage() {
  return <PlaceholderPage title="Product details" />;
}
