import { getStateNodes } from '@xstate/graph';
import {
  StateMachine,
  type ActorLogic,
  type AnyActor,
  type AnyActorRef,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';

/**
 * A machine and the machines it invokes (the payment and the bag's checkout invoke the paying
 * machine), walked as one, as a person meets them on one page: the child's states nest under
 * the state that invokes it (`paying.ready.cardError`), its events are taken where it can take
 * them, and its end is the parent's `xstate.done.actor.<id>`. @xstate/graph walks the parent
 * alone: its invoked children are created but never run.
 */

/** A state of the parent that invokes a machine. */
interface Invoked {
  /** The invoking state's path (`['paying']`). */
  path: string[];
  id: string;
  machine: AnyStateMachine;
}

/** Every machine the machine invokes (promises are not walked into), with where. */
export function invokedMachines(machine: AnyStateMachine): Invoked[] {
  return getStateNodes(machine.root).flatMap((node) =>
    node.invoke.flatMap(({ id, src }) => {
      const logic: unknown =
        typeof src === 'string' ? machine.implementations.actors[src] : (src as unknown);
      return logic instanceof StateMachine ? [{ path: node.path, id, machine: logic }] : [];
    }),
  );
}

/** A state node as the walk meets it: its dotted path, and whether a state can rest in it. */
export interface FlatStateNode {
  path: string[];
  type: string;
  /** Passed through at once (`always`), never rested in. */
  transient: boolean;
}

/**
 * The machine's state nodes with each invoked machine's nested under the invoking state; an
 * invoked machine's own final states are left out: the parent leaves them at once.
 */
export function flatStateNodes(machine: AnyStateMachine): FlatStateNode[] {
  const invoked = invokedMachines(machine);
  return getStateNodes(machine.root).flatMap((node) => {
    const own = { path: node.path, type: node.type, transient: Boolean(node.always?.length) };
    const inside = invoked
      .filter((child) => child.path.join('.') === node.path.join('.'))
      .flatMap((child) =>
        flatStateNodes(child.machine)
          .filter((nested) => !(nested.type === 'final' && nested.path.length === 1))
          .map((nested) => ({ ...nested, path: [...node.path, ...nested.path] })),
      );
    // The invoking state rests in its child's states, not in itself.
    return [inside.length ? { ...own, type: 'compound' } : own, ...inside];
  });
}

/** The done events of the invoked machines: the walk causes them, no person does. */
export function invokedDoneEvents(machine: AnyStateMachine): string[] {
  return invokedMachines(machine).map(({ id }) => `xstate.done.actor.${id}`);
}

interface Parts {
  parent: AnyMachineSnapshot;
  invoked: Invoked | null;
  ref: AnyActorRef | null;
  child: AnyMachineSnapshot | null;
}

const partsOf = new WeakMap<object, Parts>();

function parts(snapshot: AnyMachineSnapshot): Parts {
  const found = partsOf.get(snapshot);
  if (!found) throw new Error('Not a snapshot of a walked machine');
  return found;
}

/** `value` with `nested` put at `path` (`'paying'` + `{ ready: 'idle' }`). */
function nest(value: StateValue, path: string[], nested: StateValue): StateValue {
  const [head, ...rest] = path;
  if (head === undefined) return nested;
  if (typeof value === 'string') return { [head]: nest({}, rest, nested) };
  return { ...value, [head]: nest(value[head] ?? {}, rest, nested) };
}

/** The parent's snapshot, seen with its child's state and context inside. */
function flatten(found: Parts): AnyMachineSnapshot {
  const { parent, invoked, child } = found;
  const flat = Object.create(parent) as AnyMachineSnapshot;
  Object.defineProperties(flat, {
    value: {
      value: child && invoked ? nest(parent.value, invoked.path, child.value) : parent.value,
    },
    context: { value: child ? { ...parent.context, ...child.context } : parent.context },
  });
  partsOf.set(flat, found);
  return flat;
}

/** The parent and whichever child it invokes now (the same one as before, or a new one). */
function withChild(machine: AnyStateMachine, parent: AnyMachineSnapshot, before?: Parts) {
  for (const invoked of invokedMachines(machine)) {
    const ref = (parent.children as Record<string, AnyActorRef | undefined>)[invoked.id];
    if (!ref) continue;
    const child =
      before?.ref === ref && before.child
        ? before.child
        : (ref.getSnapshot() as AnyMachineSnapshot);
    return flatten({ parent, invoked, ref, child });
  }
  return flatten({ parent, invoked: null, ref: null, child: null });
}

/** Whether the walked machine reacts to the event: its child first, as the page sends it. */
export function canTake(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const { parent, child } = parts(snapshot);
  return (child?.can(event) ?? false) || parent.can(event);
}

/** The machine with the machines it invokes, as logic @xstate/graph can walk. */
export function flatLogic(
  machine: AnyStateMachine,
): ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown> {
  const logic = {
    getInitialSnapshot: (scope: AnyActorScope, input: unknown) =>
      withChild(machine, machine.getInitialSnapshot(scope, input)),
    transition(snapshot: AnyMachineSnapshot, event: AnyEventObject, scope: AnyActorScope) {
      const found = parts(snapshot);
      const { parent, invoked, child } = found;
      if (child && invoked && child.can(event)) {
        const next = invoked.machine.transition(child, event, scope) as AnyMachineSnapshot;
        if (next.status !== 'done') return flatten({ ...found, child: next });
        const done = { type: `xstate.done.actor.${invoked.id}`, output: next.output };
        return withChild(machine, machine.transition(parent, done, scope), found);
      }
      return withChild(machine, machine.transition(parent, event, scope), found);
    },
  };
  return logic as unknown as ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown>;
}

/** Every state a value is in, ancestors included (`paying`, `paying.ready`, `paying.ready.idle`). */
export function statePaths(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value).flatMap(([key, nested]) => [
    [...prefix, key].join('.'),
    ...(nested ? statePaths(nested, [...prefix, key]) : []),
  ]);
}

/** A running actor as the walk sees it: its state with its invoked child's inside. */
export function flatSnapshotOf(actor: AnyActor): AnyMachineSnapshot {
  return withChild(actor.logic as AnyStateMachine, actor.getSnapshot() as AnyMachineSnapshot);
}

/** An event to a running actor as the page sends it: to the invoked child that takes it. */
export function sendFlat(actor: AnyActor, event: AnyEventObject) {
  const { ref, child } = parts(flatSnapshotOf(actor));
  if (ref && child?.can(event)) ref.send(event);
  else actor.send(event);
}

/** Waits until the running actor (or the child it invokes) reaches a state the test wants. */
export function untilFlat(
  actor: AnyActor,
  wanted: (snapshot: AnyMachineSnapshot) => boolean,
): Promise<AnyMachineSnapshot> {
  return new Promise((resolve, reject) => {
    const watched = new Set<AnyActorRef>([actor]);
    const subscriptions: { unsubscribe(): void }[] = [];
    const check = () => {
      const snapshot = flatSnapshotOf(actor);
      if (wanted(snapshot)) {
        for (const subscription of subscriptions) subscription.unsubscribe();
        resolve(snapshot);
        return;
      }
      const { ref } = parts(snapshot);
      if (ref && !watched.has(ref)) {
        watched.add(ref);
        subscriptions.push(ref.subscribe({ next: check, error: reject }));
      }
    };
    subscriptions.push(actor.subscribe({ next: check, error: reject }));
    check();
  });
}
