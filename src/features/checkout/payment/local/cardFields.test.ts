import { checkoutCopy } from '@contract/checkoutCopy';
import { cardErrors, formatCardNumber, formatCvc, formatExpiry, toLocalCard } from './cardFields';

// card-validator judges expiry dates against today, so the tests do too.
const now = new Date();
const yy = String(now.getFullYear() % 100).padStart(2, '0');
const valid = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

describe('the local card fields', () => {
  it('group the number as the network prints it', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    // American Express: 4-6-5.
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    // Visa's 19-digit numbers keep the last seven together.
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242424');
  });

  it('write the expiry as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('keep the CVC to the network’s length', () => {
    expect(formatCvc('12345', '4242')).toBe('123');
    expect(formatCvc('12345', '3782')).toBe('1234');
    expect(formatCvc('1a2', '')).toBe('12');
  });

  it('accept a complete, valid card', () => {
    expect(cardErrors(valid, now)).toEqual({});
  });

  it('say what is wrong, in Stripe’s words', () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: checkoutCopy.payment.cardMessages.numberIncomplete,
      expiry: checkoutCopy.payment.cardMessages.expiryIncomplete,
      cvc: checkoutCopy.payment.cardMessages.cvcIncomplete,
    });
    expect(cardErrors({ ...valid, number: '4242 4242' }, now).number).toBe(
      'Your card number is incomplete.',
    );
    // Fails the Luhn check at full length.
    expect(cardErrors({ ...valid, number: '4242 4242 4242 4241' }, now).number).toBe(
      'Your card number is invalid.',
    );
    expect(cardErrors({ ...valid, number: '9999 9999' }, now).number).toBe(
      'Your card number is invalid.',
    );
    expect(cardErrors({ ...valid, expiry: '13 / 34' }, now).expiry).toBe(
      "Your card's expiration date is invalid.",
    );
    expect(cardErrors({ ...valid, expiry: '12 / 20' }, now).expiry).toBe(
      "Your card's expiration year is in the past.",
    );
    if (now.getMonth() > 0) {
      const lastMonth = String(now.getMonth()).padStart(2, '0');
      expect(cardErrors({ ...valid, expiry: `${lastMonth} / ${yy}` }, now).expiry).toBe(
        "Your card's expiration date is in the past.",
      );
    }
    expect(cardErrors({ ...valid, expiry: `12 / ${Number(yy) + 40}` }, now).expiry).toBe(
      "Your card's expiration year is invalid.",
    );
    expect(cardErrors({ ...valid, cvc: '12' }, now).cvc).toBe(
      "Your card's security code is incomplete.",
    );
  });

  it('send the card as the local confirmation takes it', () => {
    expect(toLocalCard(valid)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
  });
});
