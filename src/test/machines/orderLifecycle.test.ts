import {
  allowedActions,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderActor,
} from '@contract/orderLifecycle';
import type { AnyMachineSnapshot } from 'xstate';
import {
  offeredActions,
  snapshotAt,
  type OrderLifecycleContext,
} from '../../features/orders/lifecycle/orderLifecycleMachine';
import { describePath, eventTypes, shortestPaths, stateNames } from './machineModel';
import { MODEL_NOW, orderLifecycleModel } from './orderLifecycle.model';

const ACTORS: OrderActor[] = ['owner', 'admin'];

/** The buttons the machine offers `actor` in this state of the order. */
function offeredTo(actor: OrderActor, state: AnyMachineSnapshot) {
  const context = state.context as OrderLifecycleContext;
  return offeredActions(snapshotAt({ ...context, actor }));
}

describe('the order lifecycle machine, walked along every shortest path', () => {
  const paths = shortestPaths(orderLifecycleModel);

  it('has a state per status and an event per action of the server’s table', () => {
    expect(stateNames(orderLifecycleModel.machine).filter(Boolean).sort()).toEqual(
      ['start', ...ORDER_STATUSES].sort(),
    );
    expect(eventTypes(orderLifecycleModel.machine).filter((t) => t !== '(always)')).toEqual(
      Object.keys(ORDER_TRANSITIONS).sort(),
    );
  });

  it('offers the shopper and the admin exactly the actions the server’s table allows, at every step', () => {
    let checked = 0;
    for (const path of paths) {
      const states = [path.state, ...path.steps.map((step) => step.state)];
      for (const state of states) {
        const { facts } = state.context as OrderLifecycleContext;
        // The state is the order's status.
        expect(state.value).toBe(facts.status);
        for (const actor of ACTORS) {
          const where = `${actor} at ${describePath(orderLifecycleModel, path).join(' ')}`;
          expect({ where, offered: offeredTo(actor, state) }).toEqual({
            where,
            offered: allowedActions(actor, facts, MODEL_NOW),
          });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('follows the server’s consequences: a cancelled paid order and a received return have nothing left to refund', () => {
    const ends = paths.map((path) => path.state.context as OrderLifecycleContext);
    const cancelledPaid = ends.find((c) => c.facts.status === 'cancelled' && c.facts.paidCents > 0);
    expect(cancelledPaid?.facts.refundedCents).toBe(cancelledPaid?.facts.paidCents);
    for (const end of ends.filter((c) => c.facts.status === 'returned')) {
      expect(end.facts.refundedCents).toBe(end.facts.paidCents);
      expect(offeredActions(snapshotAt({ ...end, actor: 'admin' }))).toEqual([]);
    }
  });

  it('offers no return once the 30 days after delivery are over', () => {
    const late = paths.find((path) => path.steps.length === 0 && path.state.value === 'delivered')!;
    expect(offeredTo('owner', late.state)).toEqual([]);
    expect(offeredTo('admin', late.state)).toEqual(['refund']);
  });
});
