/**
 * The order figures of `npm run bench` alone, for before/after comparisons on a busy machine:
 * orders flat out (50 connections), orders at a steady 300 a second and a five-line checkout at
 * 100 a second, on one store, RUNS times each, taking turns. Run with `npx tsx bench/orderLoad.ts`
 * (ORDER_RUNS=3, ORDER_SECONDS=10; ORDER_ONLY=flat|paced|checkout runs one kind).
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { cannon, orderRequests, ORDER_TARGET_RATE } from './apiLoad';
import { measureCheckouts } from './checkoutLoad';
import { pacedLoad } from './pacedLoad';
import { ADMIN, appToken } from './shoppers';
import { startStack } from './stack';

const runs = Number(process.env.ORDER_RUNS ?? 3);
const seconds = Number(process.env.ORDER_SECONDS ?? 10);
const only = process.env.ORDER_ONLY;
const wanted = (kind: string) => only === undefined || only.split(',').includes(kind);
const load = () => os.loadavg()[0]!.toFixed(1);

async function main() {
  const stack = await startStack();
  try {
    const admin = await appToken(stack, ADMIN.email, ADMIN.password);
    const tag = Date.now().toString(36);
    const { orders, paced } = await orderRequests(stack, admin, tag);
    await autocannon({ ...orders, connections: 50, duration: 3 });
    for (let i = 0; i < runs; i += 1) {
      if (wanted('flat')) {
        const run = await cannon({ ...orders, duration: seconds });
        console.log(
          `flat out: ${Math.round(run.rps)}/s p99 ${run.p99} ms failures ${run.failures} (load ${load()})`,
        );
      }
      if (wanted('paced')) {
        const run = await pacedLoad(paced, ORDER_TARGET_RATE, seconds);
        console.log(
          `300/s: p50 ${run.p50} p99 ${run.p99} max ${run.max} ms failures ${run.failures} (load ${load()})`,
        );
      }
    }
    if (wanted('checkout')) {
      const checkouts = await measureCheckouts(stack, admin, { runs, seconds }, tag);
      for (const run of checkouts) {
        console.log(
          `checkout 100/s: p50 ${run.p50} p99 ${run.p99} max ${run.max} ms failures ${run.failures} (load ${load()})`,
        );
      }
    }
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
