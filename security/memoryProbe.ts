/**
 * Test-only preload for the soak test, never part of the server: the API child runs as
 * `node --expose-gc --import tsx --import ./security/memoryProbe.ts server/src/main.ts`.
 * On SIGUSR2 it collects all garbage and prints `{"memoryProbe": process.memoryUsage()}` as one
 * line on stdout, so the test can compare the heap after a GC at two points in time.
 */
const collect = (globalThis as { gc?: () => void }).gc;

process.on('SIGUSR2', () => {
  if (!collect) {
    process.stdout.write(
      `${JSON.stringify({ memoryProbe: null, error: 'run with --expose-gc' })}\n`,
    );
    return;
  }
  // Twice: the first pass can leave objects that only finalizers of the first made unreachable.
  collect();
  collect();
  process.stdout.write(`${JSON.stringify({ memoryProbe: process.memoryUsage() })}\n`);
});
