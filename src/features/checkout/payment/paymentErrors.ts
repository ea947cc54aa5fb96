/**
 * The card provider's script could not be loaded or is not there (Stripe.js blocked, offline).
 * Gateways throw it; the machine then shows providerUnavailable instead of a card error.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the card or found it incomplete; the message is the provider's. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardError';
  }
}

/** Billing details the card is confirmed with: the order's name and email. */
export interface Billing {
  name: string;
  email: string;
}
