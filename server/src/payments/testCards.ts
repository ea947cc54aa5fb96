import cardValidator from 'card-validator';

export interface CardDecline {
  code: string;
  message: string;
}

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Stripe's published test numbers that fail, with Stripe's own codes and messages. */
const DECLINING: Record<string, CardDecline> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

/**
 * How the local provider answers a card, like Stripe in test mode: the test numbers above fail,
 * malformed cards fail the way Stripe says, any other valid card succeeds. Null means approved.
 */
export function checkTestCard(card: TestCard, now = new Date()): CardDecline | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !cardValidator.number(number).isValid) {
    return { code: 'incorrect_number', message: 'Your card number is invalid.' };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const expired =
    year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1);
  if (expired) {
    return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  }
  return DECLINING[number] ?? null;
}
