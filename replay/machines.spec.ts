import fs from 'node:fs';
import type { AnyMachineSnapshot } from 'xstate';
import {
  describePath,
  describeState,
  shortestPaths,
  simplePaths,
  stateName,
  type ModelPath,
} from '../src/test/machines/machineModel';
import { replayGaps } from '../src/test/machines/replayCoverage';
import { test } from './fixtures';
import { replays } from './replays';
import type { MachineReplay } from './replayTable';

/**
 * `npm run test:machines`: every shortest path of every checkout machine, and every simple path
 * of a machine that has few, replayed in Chromium against the running store. A test is named
 * `<machine> path <n>: <state>` or `<machine> simple path <n>: <state>` as `npm run machines`
 * numbers it, so `--grep "payment path 18:"` replays one.
 */

// A table missing a state or event fails the whole run before any replay, naming each gap.
const gaps = replays.flatMap((replay) =>
  replayGaps(replay.model.name, replay.model.machine, replay),
);
if (gaps.length > 0) throw new Error(`Replay tables incomplete:\n${gaps.join('\n')}`);

async function expectScreen(
  replay: MachineReplay<unknown>,
  world: unknown,
  snapshot: AnyMachineSnapshot,
) {
  const name = stateName(snapshot.value);
  await replay.states[name]!(world, snapshot);
}

/** One path replayed: the start, then each step, the screen checked after each. */
function replayPath(replay: MachineReplay<unknown>, path: ModelPath, title: string) {
  const { model } = replay;
  test(title, async ({ page, tokens }, info) => {
    info.annotations.push({ type: 'path', description: describePath(model, path).join('\n') });
    const shots: Buffer[] = [];
    // Kept only for a failure; in CI only a retry (a failure seen once already) takes them.
    const takesShots = !process.env.CI || info.retry > 0;
    const shoot = async () => {
      if (takesShots) shots.push(await page.screenshot({ type: 'jpeg', quality: 60 }));
    };
    try {
      let world: unknown;
      await test.step(`start: ${describeState(model, path.initial)}`, async () => {
        world = await replay.start({ page, tokens }, path);
        await expectScreen(replay, world, path.initial);
      });
      await shoot();
      const lines = describePath(model, path);
      for (const [at, step] of path.steps.entries()) {
        await test.step(lines[at]!, async () => {
          await replay.events[step.event.type]!(world, step.event);
          await expectScreen(replay, world, step.state);
        });
        await shoot();
      }
    } catch (error) {
      // Kept beside the trace: the page after the start and after each step that passed.
      for (const [at, shot] of shots.entries()) {
        const file = info.outputPath(`step-${at}.jpg`);
        fs.writeFileSync(file, shot);
        await info.attach(at === 0 ? 'after the start' : `after step ${at}`, {
          path: file,
          contentType: 'image/jpeg',
        });
      }
      throw error;
    }
  });
}

for (const replay of replays) {
  const { model } = replay;
  test.describe(() => {
    // The shopper's bag is one per account: those paths take turns.
    if (replay.serial) test.describe.configure({ mode: 'default' });
    shortestPaths(model).forEach((path, index) => {
      replayPath(
        replay,
        path,
        `${model.name} path ${index + 1}: ${describeState(model, path.state)}`,
      );
    });
    // A machine with few simple paths has each replayed too (`npm run machines` lists them).
    simplePaths(model)?.forEach((path, index) => {
      replayPath(
        replay,
        path,
        `${model.name} simple path ${index + 1}: ${describeState(model, path.state)}`,
      );
    });
  });
}
