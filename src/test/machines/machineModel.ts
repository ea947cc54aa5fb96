import { getAdjacencyMap, getShortestPaths, getStateNodes, serializeSnapshot } from '@xstate/graph';
import {
  matchesState,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import {
  canTake,
  flatLogic,
  flatStateNodes,
  invokedDoneEvents,
  invokedMachines,
} from './flatMachine';

/**
 * A machine as QA and the model-based tests walk it: every event to try (with the payloads that
 * matter: each draft, each server answer), and how to say each event and state in words.
 */
export interface MachineModel {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /**
   * Several ways to start the machine (a checkout from the bag, or one placed before): every
   * shortest path from each. Instead of `input`.
   */
  inputs?: readonly unknown[];
  /** How the path's start is said, when there are several `inputs`. */
  describeInput?(input: unknown): string;
  events: readonly AnyEventObject[];
  describeEvent(event: AnyEventObject): string;
  /** What is worth knowing about a state beyond its name (a message, a quantity). */
  describeState?(snapshot: AnyMachineSnapshot): string | null;
  /**
   * What makes two states different to the person replaying them (default: value and the whole
   * context). Bookkeeping the screen does not show can be left out, so it does not multiply
   * the paths.
   */
  stateKey?(snapshot: AnyMachineSnapshot): string;
}

export interface ModelStep {
  /** The event the user or the server causes. */
  event: AnyEventObject;
  /** The state it leads to. */
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  /** The machine's input this path starts from. */
  input: unknown;
  /** The state this path is the shortest way to. */
  state: AnyMachineSnapshot;
  /** From the initial state; empty for the initial state itself. */
  steps: ModelStep[];
  /** The state the machine starts in, before the first step. */
  initial: AnyMachineSnapshot;
}

/** Errors serialise as `{}`; two different failures must not look like one event. */
function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message } : value,
  );
}

/** `open.failure` for `{ open: 'failure' }`. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child ? `${key}.${stateName(child)}` : key))
    .join(', ');
}

/**
 * Every shortest path of the model. A state counts once per way into it (the event and the
 * state it came from), as @xstate/graph's test models do, so every transition is on a path,
 * including those that lead back to a state seen before (Cancel, Close).
 */
export function shortestPaths(model: MachineModel): ModelPath[] {
  const inputs = model.inputs ?? [model.input];
  return inputs
    .flatMap((input) => shortestPathsFrom(model, input))
    .sort((a, b) => a.steps.length - b.steps.length);
}

/** How the model walks its machine, as both path searches do. */
function traversal(model: MachineModel, input: unknown) {
  return {
    input,
    // Only the events the state reacts to; the rest would change nothing.
    events: (state: AnyMachineSnapshot) => model.events.filter((event) => canTake(state, event)),
    serializeEvent: serializeEvent as (event: AnyEventObject) => string,
  };
}

/** A state as the model tells states apart. */
const stateKeyOf = (model: MachineModel, state: AnyMachineSnapshot) =>
  model.stateKey?.(state) ?? serializeSnapshot(state);

function shortestPathsFrom(model: MachineModel, input: unknown): ModelPath[] {
  const paths = getShortestPaths(flatLogic(model.machine), {
    ...traversal(model, input),
    serializeState: (
      state: AnyMachineSnapshot,
      event?: AnyEventObject,
      previous?: AnyMachineSnapshot,
    ) => {
      const snapshot = stateKeyOf(model, state);
      if (!event || !previous || matchesState(previous.value, state.value)) return snapshot;
      return `${snapshot} via ${event.type} from ${JSON.stringify(previous.value)}`;
    },
  } as Parameters<typeof getShortestPaths>[1]);
  return paths.map((path) => ({
    input,
    state: path.state as AnyMachineSnapshot,
    initial: (path.steps[0]?.state ?? path.state) as AnyMachineSnapshot,
    // @xstate/graph starts every path with the initial state under `xstate.init`.
    steps: path.steps
      .filter((step) => step.event.type !== 'xstate.init')
      .map((step) => ({ event: step.event, state: step.state as AnyMachineSnapshot })),
  }));
}

/** @xstate/graph's adjacency map, keyed by the serialised states. */
type StateGraph = Record<
  string,
  { state: AnyMachineSnapshot; transitions: Record<string, ModelStep> }
>;

/** A machine has few simple paths when it has at most this many: those are replayed too. */
export const FEW_SIMPLE_PATHS = 25;

/**
 * Every maximal simple path of the model (from the start, no state twice, as long as it can
 * go): together they hold every simple path as a prefix, so replaying them replays all. Null
 * when there are more than `atMost` (a machine with many, whose shortest paths must do).
 */
export function simplePaths(model: MachineModel, atMost = FEW_SIMPLE_PATHS): ModelPath[] | null {
  const found: ModelPath[] = [];
  for (const input of model.inputs ?? [model.input]) {
    const key = (state: AnyMachineSnapshot) => stateKeyOf(model, state);
    const graph = getAdjacencyMap(flatLogic(model.machine), {
      ...traversal(model, input),
      serializeState: key,
    } as never) as StateGraph;
    const start = Object.keys(graph)[0]!;
    const initial = graph[start]!.state;
    const onPath = new Set<string>();
    const steps: ModelStep[] = [];
    // Depth first; stops as soon as there are too many.
    const walk = (at: string): boolean => {
      onPath.add(at);
      let extended = false;
      for (const { event, state } of Object.values(graph[at]!.transitions)) {
        const next = key(state);
        if (onPath.has(next)) continue;
        extended = true;
        steps.push({ event, state });
        const more = walk(next);
        steps.pop();
        if (!more) return false;
      }
      onPath.delete(at);
      if (!extended) found.push({ input, initial, state: graph[at]!.state, steps: [...steps] });
      return found.length <= atMost;
    };
    if (!walk(start)) return null;
  }
  return found.sort((a, b) => a.steps.length - b.steps.length);
}

/** Every state of the machine by its dotted name (`ready.cardError`), invoked machines' inside. */
export function stateNames(machine: AnyStateMachine): string[] {
  return flatStateNodes(machine).map((node) => node.path.join('.'));
}

/**
 * Every event the machine reacts to, the actors' done and error events included, and those of
 * the machines it invokes (whose own end the walk causes).
 */
export function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const passed = invokedDoneEvents(machine);
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const type of node.ownEvents) if (!passed.includes(type)) types.add(type);
    if (node.always?.length) types.add('(always)');
  }
  for (const { machine: child } of invokedMachines(machine)) {
    for (const type of eventTypes(child)) types.add(type);
  }
  return [...types].sort();
}

/** A state as a line: its name and what is worth knowing about it. */
export function describeState(model: MachineModel, snapshot: AnyMachineSnapshot): string {
  const name = stateName(snapshot.value);
  const detail = model.describeState?.(snapshot);
  return detail ? `${name} (${detail})` : name;
}

/** A path as numbered steps a person can replay. */
export function describePath(model: MachineModel, path: ModelPath): string[] {
  if (path.steps.length === 0) return ['(the initial state: no steps)'];
  return path.steps.map(
    (step, index) =>
      `${index + 1}. ${model.describeEvent(step.event)} → ${describeState(model, step.state)}`,
  );
}
