import fs from 'node:fs';

/**
 * Calls `gone` when the process that started this one dies, however it dies: a parent that
 * means its child to stop with it gives it a pipe as stdin (the supervisor of `npm start`, the
 * API for its database), and the pipe closes with the parent. Started any other way (stdin a
 * terminal or /dev/null), nothing is watched.
 */
export function onParentGone(gone: () => void): void {
  const stdin = fs.fstatSync(0);
  if (!stdin.isFIFO() && !stdin.isSocket()) return;
  process.stdin.on('end', gone);
  process.stdin.on('error', gone);
  process.stdin.resume();
}
