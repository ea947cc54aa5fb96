import fs from 'node:fs';
import { stopAll, type Managed } from '../../scripts/processes';

export default async function globalTeardown() {
  const state = (globalThis as Record<string, unknown>).__authEmulator as
    { emulator: Managed; dir: string } | undefined;
  if (!state) return;
  await stopAll([state.emulator], 10_000);
  fs.rmSync(state.dir, { recursive: true, force: true });
}
