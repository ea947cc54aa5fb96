/**
 * The processes' figures of `npm run bench` alone (`npx tsx bench/processesAlone.ts`): the first
 * and a later start of `npm start`, each process's memory at rest (proportional set size), the
 * API's health under load and orders flat out with two API processes, into
 * `results/processes.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { measureProcesses } from './processes';

const runs = Number(process.env.PROCESS_RUNS ?? 1);
const log = (message: string) =>
  console.log(`[processes ${new Date().toISOString().slice(11, 19)}] ${message}`);

void (async () => {
  const figures = await measureProcesses({ runs, seconds: 10 }, `a${Date.now().toString(36)}`, log);
  const out = path.join(__dirname, 'results', 'processes.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(figures, null, 2));
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
})().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
