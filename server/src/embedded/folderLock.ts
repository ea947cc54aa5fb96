import fs from 'node:fs';

/** Whether a process with this id is running. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class FolderInUse extends Error {
  constructor(
    readonly holder: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A lock file holding its owner's pid: one process at a time on what it guards. A lock left by
 * a killed process (its pid gone) is taken over; a live holder is waited for up to `waitMs`
 * (one still shutting down), then `FolderInUse` is thrown. Returns the release.
 */
export async function lockFile(
  lock: string,
  { waitMs, describe }: { waitMs: number; describe: (holder: number) => string },
): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => fs.rmSync(lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(fs.readFileSync(lock, 'utf8'));
    if (!Number.isInteger(holder) || holder <= 0 || !processAlive(holder)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new FolderInUse(holder, describe(holder));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
