/**
 * Preloaded (`node --require`) into a child of `npm start` whose code is not the store's (the
 * Auth emulator): when the supervisor dies, however it dies, the pipe it holds as this
 * process's stdin closes, and this process is asked to stop as Ctrl-C would (the emulator then
 * saves its accounts). A process group of its own never hears the terminal's signals.
 */
'use strict';
// A CommonJS file Node preloads as it is: no TypeScript, no import syntax.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs');

const stdin = fs.fstatSync(0);
if (stdin.isFIFO() || stdin.isSocket()) {
  const parentGone = () => {
    process.kill(process.pid, 'SIGINT');
    // Stopped by then, normally; never left running without its supervisor.
    setTimeout(() => process.exit(1), 30_000).unref();
  };
  process.stdin.on('end', parentGone);
  process.stdin.on('error', parentGone);
  process.stdin.resume();
  // Reading stdin must not keep the process alive once its own work is done.
  process.stdin.unref?.();
}
