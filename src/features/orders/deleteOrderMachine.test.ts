import { createActor, fromPromise, waitFor } from 'xstate';
import type { DeletedCount } from '@contract/orders';
import { deleteOrderMachine, type OrderToDelete } from './deleteOrderMachine';
import { busyRefusal, orderToDelete, paidRefusal } from '../../test/machines/deleteOrder.model';

function start(answer: () => Promise<DeletedCount> = async () => ({ deletedCount: 1 })) {
  const calls: OrderToDelete[] = [];
  const actor = createActor(
    deleteOrderMachine.provide({
      actors: {
        deleteOrder: fromPromise(async ({ input }) => {
          calls.push(input);
          return answer();
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('the delete-confirm machine', () => {
  it('asks about the order whose DELETE ORDER was pressed, and deletes nothing yet', () => {
    const { actor, calls } = start();
    actor.send({ type: 'CONFIRM' }); // nothing to confirm while idle
    actor.send({ type: 'DELETE_ORDER', order: orderToDelete });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.order).toEqual(orderToDelete);
    expect(calls).toEqual([]);
  });

  it('cancel closes and forgets the order', () => {
    const { actor, calls } = start();
    actor.send({ type: 'DELETE_ORDER', order: orderToDelete });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ order: null, error: null, retryable: true });
    expect(calls).toEqual([]);
  });

  it('deletes that order and closes when deletedCount is truthy', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'DELETE_ORDER', order: orderToDelete });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('deleting');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual([orderToDelete]);
    expect(actor.getSnapshot().context).toEqual({ order: null, error: null, retryable: true });
  });

  it('stays open with a message when deletedCount is 0', async () => {
    const { actor } = start(async () => ({ deletedCount: 0 }));
    actor.send({ type: 'DELETE_ORDER', order: orderToDelete });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('The order was not deleted. Please try again.');
  });

  it('shows the server’s refusal of a paid order, offers no retry, and can cancel', async () => {
    const { actor, calls } = start(async () => {
      throw paidRefusal;
    });
    actor.send({ type: 'DELETE_ORDER', order: orderToDelete });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'This order is paid and can no longer be deleted.',
      retryable: false,
    });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(calls).toHaveLength(1);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('can try again after a failure that retrying can help', async () => {
    let refuse = true;
    const { actor, calls } = start(async () => {
      if (refuse) throw busyRefusal;
      return { deletedCount: 1 };
    });
    actor.send({ type: 'DELETE_ORDER', order: orderToDelete });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe(busyRefusal.message);

    refuse = false;
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toHaveLength(2);
  });

  it('cannot be cancelled while the DELETE is out', async () => {
    let finish: (answer: DeletedCount) => void = () => {};
    const { actor } = start(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'DELETE_ORDER', order: orderToDelete });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('deleting');
    finish({ deletedCount: 1 });
    await waitFor(actor, (s) => s.matches('idle'));
  });
});
