import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function AddReviewPage() {
  return <PlaceholderPage title="Please Add a Review" />;
}
