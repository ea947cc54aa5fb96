import type { Page } from '@playwright/test';
import type { Tokens } from './fixtures';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MachineModel, ModelPath } from '../src/test/machines/machineModel';

/**
 * One machine's replay in the browser: ONE table from each event of the machine to what a
 * person or the world does, and from each state to what the screen must show. The paths come
 * from the machine (`shortestPaths`); `replayGaps` fails the run for a missing line.
 */
export interface MachineReplay<World> {
  model: MachineModel;
  /** Sets up, through the API, the world the path starts from, and opens the page. */
  start(setup: ReplaySetup, path: ModelPath): Promise<World>;
  events: Record<string, (world: World, event: AnyEventObject) => Promise<void>>;
  states: Record<string, (world: World, snapshot: AnyMachineSnapshot) => Promise<void>>;
  /** Paths that share the signed-in shopper's server state (the bag) run one after another. */
  serial?: boolean;
}

/** What a path's start has at hand: the shopper's signed-in page and the API tokens. */
export interface ReplaySetup {
  page: Page;
  tokens: Tokens;
}

/** A table's entry for an event payload it has no way to cause: the run names it. */
export function noWay(machine: string, event: AnyEventObject): never {
  throw new Error(`${machine}: no way to cause ${JSON.stringify(event)} in the browser`);
}

/** A machine's replay, its world's type kept inside its own table. */
export const anyWorld = <World>(replay: MachineReplay<World>) =>
  replay as unknown as MachineReplay<unknown>;
