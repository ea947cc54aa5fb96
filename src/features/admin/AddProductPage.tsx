import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function AddProductPage() {
  return <PlaceholderPage title="Update Product" />;
}
