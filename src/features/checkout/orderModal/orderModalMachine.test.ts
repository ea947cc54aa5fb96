import { createActor, fromPromise, waitFor } from 'xstate';
import type { CreateOrderBody, Order } from '@contract/orders';
import { ApiError } from '../../../store/callApi';
import { UNEXPECTED_ERROR } from '../../../machines/errorMessage';
import { totalProblem, type OrderDraft, type OrderField } from './orderFields';
import { orderBody, orderModalMachine, type Notice } from './orderModalMachine';
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

describe('the order modal machine', () => {
  it('sends the spec’s payload: product name and price, buyer, trimmed fields, a number', () => {
    const context = {
      product: modelProduct,
      buyer: modelBuyer,
      draft: { address: '  12 Foundry Lane ', number: ' 0113 496 0000 ', quantity: '3' },
      edited: [],
      touched: [],
      fieldErrors: {},
      reason: null,
      reasonField: null,
      payOrderId: null,
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

  it('flags every problem of every field at once, before the quantity’s toast', () => {
    const { actor, notices } = start();
    actor.send({ type: 'SUBMIT', draft: { ...drafts.belowZero, address: '' } });
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      address: 'Address is required',
      quantity: 'Quantity cannot be below 0.',
    });
    expect(notices).toEqual([]);
  });

  it("refuses a quantity below 0 with the toast 'wrong input a quantity'", () => {
    const { actor, notices, calls } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.belowZero });
    expect(actor.getSnapshot().value).toEqual({ open: 'failure' });
    expect(actor.getSnapshot().context.reason).toBe('wrong input a quantity');
    // The spec's toast, and under the field what exactly is wrong.
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      quantity: 'Quantity cannot be below 0.',
    });
    expect(notices).toEqual([{ kind: 'error', message: 'wrong input a quantity' }]);
    expect(calls).toEqual([]);
  });

  it("refuses more than the stock allows with the toast 'please input a Available quantity'", () => {
    const { actor, notices, calls } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.tooMany });
    expect(actor.getSnapshot().value).toEqual({ open: 'failure' });
    expect(notices).toEqual([{ kind: 'error', message: 'please input a Available quantity' }]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      quantity: 'That is more than the 8 you can order.',
    });
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
    // The spec's words, and the way to pay the order just placed.
    expect(notices).toEqual([
      { kind: 'success', message: 'Your product ordered', payOrderId: placedOrder._id },
    ]);
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

describe('the order modal as the shopper types', () => {
  const typeInto = (actor: ReturnType<typeof start>['actor'], draft: Partial<OrderDraft>) => {
    for (const [field, value] of Object.entries(draft)) {
      actor.send({ type: 'EDIT', field: field as OrderField, value });
    }
  };

  it('says nothing of the address or phone while a fresh form is typed in', () => {
    const { actor } = start();
    typeInto(actor, { address: 'x'.repeat(301), number: '12', quantity: '3' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.draft).toEqual({
      address: 'x'.repeat(301),
      number: '12',
      quantity: '3',
    });
  });

  it('takes a field’s “is required” away as soon as it is filled', () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.empty });
    typeInto(actor, { address: '1' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      number: 'Phone number is required',
      quantity: 'Quantity is required',
    });
    // Emptied again: said again.
    typeInto(actor, { address: '' });
    expect(actor.getSnapshot().context.fieldErrors.address).toBe('Address is required');
  });

  it('says everything wrong with the quantity as it is typed, once checked', () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.empty });
    typeInto(actor, { quantity: '9.5' });
    expect(actor.getSnapshot().context.fieldErrors.quantity).toBe(
      'Quantity must be a whole number, like 4. That is more than the 8 you can order.',
    );
    typeInto(actor, { quantity: '4' });
    expect(actor.getSnapshot().context.fieldErrors.quantity).toBeUndefined();
  });

  it('checks the quantity from its first key, and the other fields only after a submit', () => {
    const { actor } = start();
    typeInto(actor, { number: '12', quantity: '9' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      quantity: 'That is more than the 8 you can order.',
    });
    typeInto(actor, { quantity: '3' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    // Typed, then emptied: now it is missing.
    typeInto(actor, { quantity: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ quantity: 'Quantity is required' });
  });

  it('starts over when the refused field is typed in, and keeps a refusal of the order', async () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.tooMany });
    typeInto(actor, { address: '13 Foundry Lane' });
    expect(actor.getSnapshot().value).toEqual({ open: 'failure' });
    typeInto(actor, { quantity: '3' });
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context).toMatchObject({
      reason: null,
      reasonField: null,
      fieldErrors: {},
    });

    const retired = start(() =>
      Promise.reject(new ApiError('This product is no longer sold.', 409)),
    );
    retired.actor.send({ type: 'SUBMIT', draft: drafts.valid });
    await waitFor(retired.actor, (s) => s.matches({ open: 'failure' }));
    typeInto(retired.actor, { quantity: '2' });
    expect(retired.actor.getSnapshot().value).toEqual({ open: 'failure' });
    expect(retired.actor.getSnapshot().context.reason).toBe('This product is no longer sold.');
  });
});

describe('the order modal’s prefill', () => {
  const prefill = { name: 'Dana Shopper', address: '4 Mill Road, York', number: '0113 496 0000' };

  it('opens filled in from the prefill', () => {
    const actor = createActor(orderModalMachine).start();
    actor.send({ type: 'OPEN', product: modelProduct, buyer: modelBuyer, prefill });
    expect(actor.getSnapshot().context.draft).toEqual({
      address: '4 Mill Road, York',
      number: '0113 496 0000',
      quantity: '',
    });
    // The account's own name stays.
    expect(actor.getSnapshot().context.buyer).toEqual(modelBuyer);
  });

  it('names a buyer known only by their email', () => {
    const actor = createActor(orderModalMachine).start();
    const nameless = { name: modelBuyer.email, email: modelBuyer.email };
    actor.send({ type: 'OPEN', product: modelProduct, buyer: nameless });
    actor.send({ type: 'PREFILL', prefill });
    expect(actor.getSnapshot().context.buyer).toEqual({ ...nameless, name: 'Dana Shopper' });
  });

  it('fills what arrives late, and never what the shopper typed, even emptied', () => {
    const { actor } = start();
    actor.send({ type: 'EDIT', field: 'address', value: '9 Kiln' });
    actor.send({ type: 'EDIT', field: 'number', value: '0' });
    actor.send({ type: 'EDIT', field: 'number', value: '' });
    actor.send({ type: 'PREFILL', prefill });
    expect(actor.getSnapshot().context.draft).toEqual({
      address: '9 Kiln',
      number: '',
      quantity: '',
    });
  });

  it('takes a field’s “is required” away when the prefill fills it', () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT', draft: drafts.empty });
    actor.send({ type: 'PREFILL', prefill });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ quantity: 'Quantity is required' });
  });

  it('offers no payment for an order that needs none', async () => {
    const { actor, notices } = start(async () => ({ ...placedOrder, paid: true }));
    actor.send({ type: 'SUBMIT', draft: drafts.valid });
    await waitFor(actor, (s) => s.matches('success'));
    expect(notices).toEqual([{ kind: 'success', message: 'Your product ordered' }]);
  });
});
