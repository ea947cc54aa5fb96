import { createActor, fromPromise } from 'xstate';
import type { Order } from '@contract/orders';
import { ApiError } from '../../../store/callApi';
import {
  CardError,
  paymentMachine,
  payingForOrder,
  ProviderUnavailableError,
  type Billing,
} from './paymentMachine';
import { flatSnapshotOf, sendFlat, untilFlat } from '../../../test/machines/flatMachine';
import {
  clientSecret,
  paidOrder,
  transactionId,
  unpaidOrder,
} from '../../../test/machines/payment.model';

interface Fakes {
  loadOrder?: () => Promise<Order>;
  createIntent?: () => Promise<{ clientSecret: string }>;
  confirmCard?: (input: { clientSecret: string; billing: Billing }) => Promise<{
    transactionId: string;
  }>;
  recordPayment?: (input: { id: string; transactionId: string }) => Promise<Order>;
}

/** The machine with fake actors, each call recorded. */
function start(fakes: Fakes = {}) {
  const calls: Record<string, unknown[]> = {
    loadOrder: [],
    createIntent: [],
    confirmCard: [],
    recordPayment: [],
  };
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        loadOrder: fromPromise(async ({ input }) => {
          calls.loadOrder!.push(input);
          return (fakes.loadOrder ?? (async () => unpaidOrder))();
        }),
        paying: payingForOrder.provide({
          actors: {
            createIntent: fromPromise(async ({ input }) => {
              calls.createIntent!.push(input);
              return (fakes.createIntent ?? (async () => ({ clientSecret })))();
            }),
            confirmCard: fromPromise(async ({ input }) => {
              calls.confirmCard!.push(input);
              return (fakes.confirmCard ?? (async () => ({ transactionId })))(input);
            }),
            recordPayment: fromPromise(async ({ input }) => {
              calls.recordPayment!.push(input);
              return (fakes.recordPayment ?? (async () => paidOrder))(input);
            }),
          },
        }),
      },
    }),
    { input: { orderId: unpaidOrder._id } },
  ).start();
  return { actor, calls };
}

describe('the payment machine', () => {
  it('loads the order, creates an intent and waits in ready with the client secret', async () => {
    const { actor, calls } = start();
    expect(flatSnapshotOf(actor).value).toBe('loadingOrder');
    await untilFlat(actor, (s) => s.matches({ paying: { ready: 'idle' } }));
    expect(calls.loadOrder).toEqual([{ orderId: unpaidOrder._id }]);
    expect(calls.createIntent).toEqual([{ id: unpaidOrder._id }]);
    expect(flatSnapshotOf(actor).context).toMatchObject({ order: unpaidOrder, clientSecret });
  });

  it('starts in paid, with its transaction id, for an order that is paid already', async () => {
    const { actor, calls } = start({ loadOrder: async () => paidOrder });
    await untilFlat(actor, (s) => s.matches('paid'));
    expect(flatSnapshotOf(actor).status).toBe('done');
    expect(flatSnapshotOf(actor).context.transactionId).toBe(transactionId);
    expect(calls.createIntent).toEqual([]);
  });

  it('accepts Pay only in ready', async () => {
    let giveSecret: (value: { clientSecret: string }) => void = () => {};
    const { actor, calls } = start({
      createIntent: () => new Promise((resolve) => (giveSecret = resolve)),
    });
    await untilFlat(actor, (s) => s.matches({ paying: 'creatingIntent' }));
    sendFlat(actor, { type: 'PAY' });
    expect(flatSnapshotOf(actor).value).toEqual({ paying: 'creatingIntent' });
    giveSecret({ clientSecret });
    await untilFlat(actor, (s) => s.matches({ paying: 'ready' }));
    sendFlat(actor, { type: 'PAY' });
    expect(flatSnapshotOf(actor).value).toEqual({ paying: 'confirming' });
    sendFlat(actor, { type: 'PAY' }); // a second click while confirming changes nothing
    await untilFlat(actor, (s) => s.matches('paid'));
    expect(calls.confirmCard).toHaveLength(1);
  });

  it('confirms the card with the order’s billing name and email, then records the payment', async () => {
    const { actor, calls } = start();
    await untilFlat(actor, (s) => s.matches({ paying: 'ready' }));
    sendFlat(actor, { type: 'PAY' });
    await untilFlat(actor, (s) => s.matches('paid'));
    expect(calls.confirmCard).toEqual([
      { clientSecret, billing: { name: 'Demo Shopper', email: 'shopper@store.test' } },
    ]);
    expect(calls.recordPayment).toEqual([{ id: unpaidOrder._id, transactionId }]);
    expect(flatSnapshotOf(actor).context).toMatchObject({ order: paidOrder, transactionId });
  });

  it('shows the provider’s card error in ready, and Pay works again', async () => {
    let decline = true;
    const { actor } = start({
      confirmCard: async () => {
        if (decline) throw new CardError('Your card was declined.');
        return { transactionId };
      },
    });
    await untilFlat(actor, (s) => s.matches({ paying: 'ready' }));
    sendFlat(actor, { type: 'PAY' });
    await untilFlat(actor, (s) => s.matches({ paying: { ready: 'cardError' } }));
    expect(flatSnapshotOf(actor).context.error).toBe('Your card was declined.');

    decline = false;
    sendFlat(actor, { type: 'PAY' });
    expect(flatSnapshotOf(actor).context.error).toBeNull();
    await untilFlat(actor, (s) => s.matches('paid'));
  });

  it('goes to providerUnavailable when the payment script does not load, and retries it', async () => {
    let unavailable = true;
    const { actor, calls } = start({
      createIntent: async () => {
        if (unavailable) throw new ProviderUnavailableError('Failed to load Stripe.js');
        return { clientSecret };
      },
    });
    await untilFlat(actor, (s) => s.matches({ paying: 'providerUnavailable' }));
    expect(flatSnapshotOf(actor).context.error).toBe('Failed to load Stripe.js');
    unavailable = false;
    sendFlat(actor, { type: 'RETRY' });
    await untilFlat(actor, (s) => s.matches({ paying: 'ready' }));
    expect(calls.createIntent).toHaveLength(2);
  });

  it('goes to providerUnavailable when the card form fails to load in ready', async () => {
    const { actor } = start();
    await untilFlat(actor, (s) => s.matches({ paying: 'ready' }));
    sendFlat(actor, { type: 'PROVIDER_UNAVAILABLE', message: 'Stripe.js not available' });
    expect(flatSnapshotOf(actor).value).toEqual({ paying: 'providerUnavailable' });
    expect(flatSnapshotOf(actor).context.error).toBe('Stripe.js not available');
  });

  it('fails with the API’s message when the order or the intent cannot be had, and retries from the order where that can help', async () => {
    let down = true;
    const { actor, calls } = start({
      loadOrder: async () => {
        if (down) throw new ApiError('The store could not be reached.', null);
        return unpaidOrder;
      },
      createIntent: async () => {
        throw new ApiError('This order is already paid.', 409);
      },
    });
    await untilFlat(actor, (s) => s.matches('failed'));
    expect(flatSnapshotOf(actor).context).toMatchObject({
      error: 'The store could not be reached.',
      retryable: true,
    });
    down = false;
    sendFlat(actor, { type: 'RETRY' });
    await untilFlat(actor, (s) => s.matches('failed') && s.context.error !== null);
    expect(flatSnapshotOf(actor).context).toMatchObject({
      error: 'This order is already paid.',
      retryable: false,
    });
    // A refusal stays one: RETRY does nothing.
    sendFlat(actor, { type: 'RETRY' });
    expect(flatSnapshotOf(actor).matches('failed')).toBe(true);
    expect(calls.loadOrder).toHaveLength(2);
  });

  it.each([
    ['a malformed link', 400, "This link's id is not one the store uses."],
    ['no such order', 404, 'No order with this id.'],
    ['someone else’s order', 403, 'This order belongs to someone else.'],
  ])('offers no retry for %s', async (_what, status, message) => {
    const { actor } = start({
      loadOrder: async () => {
        throw new ApiError(message, status);
      },
    });
    await untilFlat(actor, (s) => s.matches('failed'));
    expect(flatSnapshotOf(actor).context).toMatchObject({ error: message, retryable: false });
  });

  it('offers no retry when the store refuses to record the payment', async () => {
    const { actor } = start({
      recordPayment: async () => {
        throw new ApiError('This order was not paid within 30 minutes, so it expired.', 409);
      },
    });
    await untilFlat(actor, (s) => s.matches({ paying: 'ready' }));
    sendFlat(actor, { type: 'PAY' });
    await untilFlat(actor, (s) => s.matches({ paying: 'recordFailed' }));
    expect(flatSnapshotOf(actor).context.retryable).toBe(false);
    sendFlat(actor, { type: 'RETRY' });
    expect(flatSnapshotOf(actor).value).toEqual({ paying: 'recordFailed' });
  });

  it('never offers Pay again when the charge went through but recording it failed', async () => {
    let offline = true;
    const { actor, calls } = start({
      recordPayment: async () => {
        if (offline) throw new ApiError('The store could not be reached.', null);
        return paidOrder;
      },
    });
    await untilFlat(actor, (s) => s.matches({ paying: 'ready' }));
    sendFlat(actor, { type: 'PAY' });
    await untilFlat(actor, (s) => s.matches({ paying: 'recordFailed' }));
    expect(flatSnapshotOf(actor).context.error).toBe('The store could not be reached.');
    sendFlat(actor, { type: 'PAY' });
    expect(flatSnapshotOf(actor).value).toEqual({ paying: 'recordFailed' });
    offline = false;
    sendFlat(actor, { type: 'RETRY' });
    await untilFlat(actor, (s) => s.matches('paid'));
    expect(calls.confirmCard).toHaveLength(1);
    expect(calls.recordPayment).toHaveLength(2);
  });
});
