import { createActor, fromPromise, waitFor } from 'xstate';
import type { CreateOrderBody, Order } from '@contract/orders';
import { ApiError } from '../../../store/callApi';
import { UNEXPECTED_ERROR } from '../../../machines/errorMessage';
import {
  invalidFields,
  exceedsAvailable,
  isWrongQuantity,
  maxOrderable,
  missingFields,
  orderBody,
  orderModalMachine,
  totalProblem,
  type Notice,
} from './orderModalMachine';
import {
  drafts,
  modelBuyer,
  modelProduct,
  placedOrder,
} from '../../../test/machines/orderModal.model';

/** The machine with a fake POST and the toasts recorded, open on `product`. */
function start(
  placeOrder: (body: CreateOrderBody) => Promise<Order> = async () => placedOrder,
  product = modelProduct,
) {
  const notices: Notice[] = [];
  const calls: CreateOrderBody[] = [];
  const actor = createActor(
    orderModalMachine.provide({
      actors: {
        placeOrder: fromPromise(async ({ input }) => {
          calls.push(input);
          return placeOrder(input);
        }),
      },
      actions: { notify: (_, notice) => notices.push(notice) },
    }),
  ).start();
  actor.send({ type: 'OPEN', product, buyer: modelBuyer });
  return { actor, notices, calls };
}

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

  it('sends the spec’s payload: product name and price, buyer, trimmed fields, a number', () => {
    const context = {
      product: modelProduct,
      buyer: modelBuyer,
      draft: { address: '  12 Foundry Lane ', number: ' 0113 496 0000 ', quantity: '3' },
      fieldErrors: {},
      reason: null,
    };
    expect(orderBody(context)).toEqual({
      productId: modelProduct._id,
      ProductName: modelProduct.name,
      price: modelProduct.price,
      name: 'Demo Shopper',
      email: 'shopper@store.test',
      address: '12 Foundry Lane',
      number: '0113 496 0000',
      quantity: 3,
    });
  });
});

describe('the order modal machine', () => {
  it('opens for a product and a buyer, editing', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ open: 'editing' });
    expect(snapshot.context.product).toEqual(modelProduct);
    expect(snapshot.context.buyer).toEqual(modelBuyer);
  });

  it('keeps editing with a message under each empty required field, and sends nothing', () => {
    const { actor, notices, calls } = start();
    actor.send({ type: 'SUBMIT', draft: { ...drafts.valid, number: '' } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ open: 'editing' });
    expect(snapshot.context.fieldErrors).toEqual({ number: 'Phone number is required' });
    expect(notices).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each([
    [
      'a phone number the API refuses (12)',
      { ...drafts.valid, number: '12' },
      {
        number:
          'Phone Number must be 6 to 24 characters: digits, with spaces, dashes, dots or brackets between them and an optional + or ( in front.',
      },
    ],
    [
      'an address over 300 characters',
      { ...drafts.valid, address: 'x'.repeat(5000) },
      { address: 'Address can be at most 300 characters.' },
    ],
  ])(
    'keeps editing, sending nothing, for %s, with the API’s words under the field',
    (_what, draft, errors) => {
      const { actor, notices, calls } = start();
      actor.send({ type: 'SUBMIT', draft });
      expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual(errors);
      expect(notices).toEqual([]);
      expect(calls).toEqual([]);
    },
  );

  it('shows a refusal of the API about one field under that field, in its words', async () => {
    const refusal = new ApiError(
      'Quantity must be at least 1: an order is for one unit or more.',
      400,
      'quantity',
    );
    const { actor, notices } = start(() => Promise.reject(refusal));
    actor.send({ type: 'SUBMIT', draft: drafts.zero });
    await waitFor(actor, (s) => s.matches({ open: 'failure' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ quantity: refusal.message });
    // Said once, under the field: no toast repeating it.
    expect(notices).toEqual([]);
  });

  it('checks required fields before the quantity', () => {
    const { actor, notices } = start();
    actor.send({ type: 'SUBMIT', draft: { ...drafts.belowZero, address: '' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ address: 'Address is required' });
    expect(notices).toEqual([]);
  });

  it("refuses a quantity below 0 with the toast 'wrong input a quantity'", () => {
    const { actor, notices, calls } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.belowZero });
    expect(actor.getSnapshot().value).toEqual({ open: 'failure' });
    expect(actor.getSnapshot().context.reason).toBe('wrong input a quantity');
    expect(notices).toEqual([{ kind: 'error', message: 'wrong input a quantity' }]);
    expect(calls).toEqual([]);
  });

  it("refuses more than the stock allows with the toast 'please input a Available quantity'", () => {
    const { actor, notices, calls } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.tooMany });
    expect(actor.getSnapshot().value).toEqual({ open: 'failure' });
    expect(notices).toEqual([{ kind: 'error', message: 'please input a Available quantity' }]);
    expect(calls).toEqual([]);
  });

  it('refuses a total one card payment cannot take, before sending', () => {
    const pricey = { ...modelProduct, price: 5000.01, availablequantity: 10_000, orderquantity: 0 };
    const { actor, notices, calls } = start(undefined, pricey);
    actor.send({ type: 'SUBMIT', draft: { ...drafts.valid, quantity: '5000' } });
    const message =
      'This order comes to $25,000,050.00, more than the $999,999.99 one card payment can take. ' +
      'Please order fewer units.';
    expect(actor.getSnapshot().context.reason).toBe(message);
    expect(notices).toEqual([{ kind: 'error', message }]);
    expect(calls).toEqual([]);
    expect(totalProblem(5000.01, '199')).toBeNull();
  });

  it('places the order, closes and toasts ‘Your product ordered’', async () => {
    const { actor, notices, calls } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.valid });
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls).toEqual([orderBody({ ...actor.getSnapshot().context, draft: drafts.valid })]);
    expect(notices).toEqual([{ kind: 'success', message: 'Your product ordered' }]);
    // The next order starts from an empty form.
    expect(actor.getSnapshot().context.draft).toEqual(drafts.empty);
  });

  it('lets 0 through to the server and shows the server’s message', async () => {
    const { actor, notices, calls } = start(async () => {
      throw new ApiError('body.quantity must be >= 1', 400);
    });
    actor.send({ type: 'SUBMIT', draft: drafts.zero });
    await waitFor(actor, (s) => s.matches({ open: 'failure' }));
    expect(calls[0]?.quantity).toBe(0);
    expect(actor.getSnapshot().context.reason).toBe('body.quantity must be >= 1');
    expect(notices).toEqual([{ kind: 'error', message: 'body.quantity must be >= 1' }]);
  });

  it('says something sensible when the failure has no message', async () => {
    const { actor } = start(() => Promise.reject('boom'));
    actor.send({ type: 'SUBMIT', draft: drafts.valid });
    await waitFor(actor, (s) => s.matches({ open: 'failure' }));
    expect(actor.getSnapshot().context.reason).toBe(UNEXPECTED_ERROR);
  });

  it('can be corrected after a refusal and submitted again', async () => {
    const { actor, notices } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.tooMany });
    actor.send({ type: 'SUBMIT', draft: drafts.belowZero });
    expect(notices.map((n) => n.message)).toEqual([
      'please input a Available quantity',
      'wrong input a quantity',
    ]);
    actor.send({ type: 'SUBMIT', draft: drafts.valid });
    await waitFor(actor, (s) => s.matches('success'));
  });

  it('cannot be closed or submitted twice while the order is being placed', async () => {
    let finish: (order: Order) => void = () => {};
    const { actor, calls } = start(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'SUBMIT', draft: drafts.valid });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'SUBMIT', draft: drafts.valid });
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' });
    expect(calls).toHaveLength(1);
    finish(placedOrder);
    await waitFor(actor, (s) => s.matches('success'));
  });

  it('closes from editing or failure and forgets what was typed', () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.belowZero });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual(orderModalMachine.config.context);
  });

  it('opens again after an order', async () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.valid });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'OPEN', product: modelProduct, buyer: modelBuyer });
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
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
