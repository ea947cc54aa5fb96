import cardValidator from 'card-validator';
import { checkoutCopy } from '@contract/checkoutCopy';
import type { LocalConfirmBody } from '@contract/payments';

/** What the shopper typed, formatted as they see it ("4242 4242 …", "MM / YY"). */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFields;
export type CardFieldErrors = Partial<Record<CardField, string>>;

export const emptyCard: CardFields = { number: '', expiry: '', cvc: '' };

const { cardMessages } = checkoutCopy.payment;

const digits = (value: string) => value.replace(/\D/g, '');

/** The card network the number belongs to (Visa, Mastercard...), once it can be told. */
export function cardBrand(number: string) {
  return cardValidator.number(digits(number)).card;
}

/** Digits grouped as the card network prints them, cut at the network's longest number. */
export function formatCardNumber(value: string): string {
  const card = cardBrand(value);
  const gaps = card?.gaps ?? [4, 8, 12, 16];
  const raw = digits(value).slice(0, card ? Math.max(...card.lengths) : 19);
  let out = '';
  for (let i = 0; i < raw.length; i += 1) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += raw[i];
  }
  return out;
}

/** "MM / YY"; a first digit above 1 can only be a month like 04. */
export function formatExpiry(value: string): string {
  let raw = digits(value).slice(0, 4);
  if (raw.length === 1 && raw > '1') raw = `0${raw}`;
  return raw.length <= 2 ? raw : `${raw.slice(0, 2)} / ${raw.slice(2)}`;
}

export function formatCvc(value: string, number: string): string {
  return digits(value).slice(0, cardBrand(number)?.code.size ?? 4);
}

function numberError(number: string): string | undefined {
  const raw = digits(number);
  const check = cardValidator.number(raw);
  if (check.isValid) return undefined;
  const fullLength = check.card ? raw.length >= Math.min(...check.card.lengths) : raw.length >= 16;
  return raw.length > 0 && (!check.isPotentiallyValid || fullLength)
    ? cardMessages.numberInvalid
    : cardMessages.numberIncomplete;
}

function expiryError(expiry: string, now: Date): string | undefined {
  const raw = digits(expiry);
  if (raw.length < 4) return cardMessages.expiryIncomplete;
  const month = raw.slice(0, 2);
  const year = raw.slice(2, 4);
  if (cardValidator.expirationDate({ month, year }).isValid) return undefined;
  if (!cardValidator.expirationMonth(month).isValid) return cardMessages.expiryInvalid;
  const fullYear = 2000 + Number(year);
  if (fullYear < now.getFullYear()) return cardMessages.expiryYearPast;
  if (fullYear === now.getFullYear() && Number(month) < now.getMonth() + 1) {
    return cardMessages.expiryPast;
  }
  return cardMessages.expiryYearInvalid; // too far ahead to be a real card
}

function cvcError(cvc: string, number: string): string | undefined {
  const size = cardBrand(number)?.code.size ?? 3;
  return cardValidator.cvv(digits(cvc), size).isValid ? undefined : cardMessages.cvcIncomplete;
}

/** Every field's problem, checked with card-validator; empty when the card can be sent. */
export function cardErrors(fields: CardFields, now = new Date()): CardFieldErrors {
  const errors: CardFieldErrors = {
    number: numberError(fields.number),
    expiry: expiryError(fields.expiry, now),
    cvc: cvcError(fields.cvc, fields.number),
  };
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as CardFieldErrors;
}

/** The card as `POST /api/payments/local/confirm` takes it. */
export function toLocalCard(fields: CardFields): LocalConfirmBody['card'] {
  const expiry = digits(fields.expiry);
  return {
    number: digits(fields.number),
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(2, 4)),
    cvc: digits(fields.cvc),
  };
}
