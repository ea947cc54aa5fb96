import { PlaceholderPage } from '../../app/PlaceholderPage';

/** Placeholder until its issue lands. */
export function PaymentPage() {
  return <PlaceholderPage title="Payment" />;
}
