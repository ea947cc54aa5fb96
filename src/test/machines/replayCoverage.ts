import type { AnyStateMachine } from 'xstate';
import { flatStateNodes } from './flatMachine';
import { eventTypes } from './machineModel';

/**
 * What a browser replay of a machine (replay/, `npm run test:machines`) must map: every event
 * the machine reacts to, to what a person or the world does, and every state it can rest in, to
 * what the screen shows. Read from the machine itself, so a new state or event needs its line.
 */
export function replayedEvents(machine: AnyStateMachine): string[] {
  return eventTypes(machine).filter((type) => type !== '(always)');
}

/** The atomic and final states (`ready.cardError`): a compound state always rests in a child. */
export function replayedStates(machine: AnyStateMachine): string[] {
  return flatStateNodes(machine)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));
}

/** The keys of one machine's replay table: its events and states. */
export interface ReplayKeys {
  events: Record<string, unknown>;
  states: Record<string, unknown>;
}

/** Each missing or stale line of the table, said with the machine's name; empty when complete. */
export function replayGaps(name: string, machine: AnyStateMachine, table: ReplayKeys): string[] {
  const gaps: string[] = [];
  const events = replayedEvents(machine);
  const states = replayedStates(machine);
  for (const type of events) {
    if (!(type in table.events)) gaps.push(`${name}: the event ${type} has no replay`);
  }
  for (const state of states) {
    if (!(state in table.states)) gaps.push(`${name}: the state ${state} has no screen to check`);
  }
  for (const type of Object.keys(table.events)) {
    if (!events.includes(type)) gaps.push(`${name}: the replay of ${type} is for no event of it`);
  }
  for (const state of Object.keys(table.states)) {
    if (!states.includes(state)) gaps.push(`${name}: the screen of ${state} is for no state of it`);
  }
  return gaps;
}
