import {
  exceedsAvailable,
  invalidFields,
  isWrongQuantity,
  maxOrderable,
  missingFields,
  quantityProblems,
} from './orderFields';
import { drafts, modelProduct } from '../../../test/machines/orderModal.model';

describe('the order modal’s rules', () => {
  it('requires address, phone number and quantity, each with its own message', () => {
    expect(missingFields(drafts.empty)).toEqual({
      address: 'Address is required',
      number: 'Phone number is required',
      quantity: 'Quantity is required',
    });
    expect(missingFields({ ...drafts.valid, address: '   ' })).toEqual({
      address: 'Address is required',
    });
    expect(missingFields(drafts.valid)).toEqual({});
  });

  it('calls a quantity below 0 (or not a whole number) wrong, and lets 0 pass', () => {
    expect(isWrongQuantity('-1')).toBe(true);
    expect(isWrongQuantity('-0.5')).toBe(true);
    expect(isWrongQuantity('1.5')).toBe(true);
    expect(isWrongQuantity('two')).toBe(true);
    expect(isWrongQuantity('0')).toBe(false);
    expect(isWrongQuantity('3')).toBe(false);
  });

  it('refuses when available - orderquantity < quantity', () => {
    // 10 available, 2 kept back: 8 is the most one order can take.
    expect(maxOrderable(modelProduct)).toBe(8);
    expect(exceedsAvailable(modelProduct, '8')).toBe(false);
    expect(exceedsAvailable(modelProduct, '9')).toBe(true);
    expect(exceedsAvailable(modelProduct, '0')).toBe(false);
    expect(maxOrderable({ availablequantity: 1, orderquantity: 4 })).toBe(0);
  });
});

describe('the typed fields, checked as the API checks them', () => {
  it.each(['(555) 123-4567', '+44 113 496 0000', '0113-496-0000', '555.0100'])(
    'takes the phone number %s',
    (number) => expect(invalidFields({ ...drafts.valid, number })).toEqual({}),
  );

  it('refuses more units than one order may take', () => {
    expect(invalidFields({ ...drafts.valid, quantity: '10001' })).toEqual({
      quantity: 'Quantity can be at most 10,000.',
    });
    expect(maxOrderable({ availablequantity: 50_000, orderquantity: 2 })).toBe(10_000);
  });
});

describe('the quantity’s own message', () => {
  const problems = (quantity: string, product = modelProduct) =>
    quantityProblems(product, quantity);

  it('says nothing of a quantity the modal lets through (0 included: the server decides)', () => {
    expect(problems('3')).toEqual([]);
    expect(problems('8')).toEqual([]);
    expect(problems('0')).toEqual([]);
  });

  it('says everything that is wrong, not only the first thing', () => {
    expect(problems('9')).toEqual(['That is more than the 8 you can order.']);
    expect(problems('9.5')).toEqual([
      'Quantity must be a whole number, like 4.',
      'That is more than the 8 you can order.',
    ]);
    expect(problems('-1.5')).toEqual([
      'Quantity must be a whole number, like 4.',
      'Quantity cannot be below 0.',
    ]);
    expect(problems('10001')).toEqual([
      'Quantity can be at most 10,000.',
      'That is more than the 8 you can order.',
    ]);
    expect(problems('two')).toEqual(['Quantity must be a whole number, like 4.']);
  });

  it('says when nothing can be ordered at all', () => {
    expect(problems('1', { ...modelProduct, availablequantity: 2, orderquantity: 2 })).toEqual([
      'None can be ordered: this product is out of stock.',
    ]);
  });

  it('says when the total is more than one card payment can take', () => {
    const pricey = { ...modelProduct, price: 5000.01, availablequantity: 10_000, orderquantity: 0 };
    expect(problems('5000', pricey)).toEqual([
      'This order comes to $25,000,050.00, more than the $999,999.99 one card payment can take. ' +
        'Please order fewer units.',
    ]);
  });
});
