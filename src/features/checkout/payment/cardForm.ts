import type { Billing } from './paymentErrors';

// The contract between the payment page and a provider's card form, apart from the gateways
// that pick a form: the forms import these types without importing the gateways back.

/** What the payment page can do with the card form once it is on screen. */
export interface CardFormHandle {
  /**
   * Confirms the card for the PaymentIntent behind `clientSecret`. Resolves with the
   * PaymentIntent id; rejects with a CardError carrying the provider's message.
   */
  confirm(input: { clientSecret: string; billing: Billing }): Promise<{ transactionId: string }>;
}

export interface CardFormProps {
  clientSecret: string;
  billing: Billing;
  /** Read-only while a payment is under way or done. */
  disabled: boolean;
  /** Called with a handle once the form can take a card (Stripe's element has loaded), and
   * with null when the form goes away. */
  onReady: (handle: CardFormHandle | null) => void;
  /** The form itself failed to load (Stripe's `loaderror`). */
  onUnavailable: (message: string) => void;
}
