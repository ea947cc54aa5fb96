import fs from 'node:fs';
import { stopAll, type Managed } from '../../scripts/processes';
import type { TestDatabaseServer } from './testDatabase';

export default async function globalTeardown() {
  const state = (globalThis as Record<string, unknown>).__testServices as
    { emulator: Managed; dir: string; database: TestDatabaseServer } | undefined;
  if (!state) return;
  // Each is stopped whatever happens to the other.
  const results = await Promise.allSettled([
    stopAll([state.emulator], 10_000).finally(() =>
      fs.rmSync(state.dir, { recursive: true, force: true }),
    ),
    state.database.close(),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
