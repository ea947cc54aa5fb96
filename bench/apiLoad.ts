/**
 * API throughput with autocannon on loopback (50 connections, 10 s a run): the catalogue against
 * a bare `http` server answering the same bytes, product details, and orders by signed-in users.
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startProcess, stopAll, waitFor } from '../scripts/processes';
import { measureCheckouts } from './checkoutLoad';
import { pacedLoad, type PacedRequest, type PacedRun } from './pacedLoad';
import { summarize, type Summary } from './stats';
import { addProduct, newShoppers } from './shoppers';
import { processMemoryMb, type Stack } from './stack';

export const CONNECTIONS = 50;
/**
 * With 50 connections always waiting, latency is queueing: at N orders/s each waits about
 * 50/N s. So the p99 target is also measured at the target's own rate, 300 orders/s, evenly
 * spaced (pacedLoad.ts).
 */
export const ORDER_TARGET_RATE = 300;
const root = path.resolve(__dirname, '..');

export interface LoadSettings {
  runs: number;
  seconds: number;
  warmupSeconds: number;
}

export interface ApiFigures {
  productListRps: Summary;
  bareServerRps: Summary;
  /** API requests per second divided by the bare server's, run by run. */
  productListRatio: Summary;
  productListBytes: number;
  /** The server-rendered landing page (`GET /`, HTML) against a bare server sending its bytes. */
  landingPageRps: Summary;
  bareLandingRps: Summary;
  landingPageRatio: Summary;
  productDetailsRps: Summary;
  productDetailsP99Ms: Summary;
  ordersPerSecond: Summary;
  ordersP99Ms: Summary;
  /** p99 latency with orders offered at a steady 300 a second (the target's rate). */
  ordersP99At300Ms: Summary;
  /** p99 latency of checkouts of a five-line bag at a steady 100 a second. */
  checkoutsP99At100Ms: Summary;
  /** The same checkout priced in California: sales tax, the state's tyre fee, delivery. */
  taxedCheckoutsP99At100Ms?: Summary;
  /** Answers that were not 2xx, or connection errors and timeouts, over all measured runs. */
  failures: number;
  /** The API's resident memory before this load, and the most it reached during it. */
  apiRssBeforeMb: number;
  apiPeakRssUnderLoadMb: number;
}

/** Samples a process's resident memory every 100 ms until stopped, keeping the highest. */
function watchMemory(pid: number) {
  let peak = processMemoryMb(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, processMemoryMb(pid).rss);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export interface Run {
  rps: number;
  p99: number;
  failures: number;
}

export async function cannon(options: autocannon.Options): Promise<Run> {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Headers Node's http server writes itself, for the bare server as for the API. */
const CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * Keeps a response of the API (the catalogue, the landing page's HTML) for the bare server to
 * replay: the body and every header (the security headers are bytes on the wire too).
 */
async function saveResponse(url: string, file: string) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!CONNECTION_HEADERS.has(name)) headers[name] = value;
  });
  fs.writeFileSync(file, JSON.stringify({ headers, body }));
  return Buffer.byteLength(body);
}

async function startBareServer(file: string) {
  const port = await freePort();
  const proc = startProcess(
    'bare server',
    process.execPath,
    ['--import', 'tsx', 'bench/bareServer.ts', file, String(port)],
    { cwd: root, quiet: true },
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitFor('The bare server', async () => (await fetch(url)).ok, { abort: proc.exited });
  return { url, stop: () => stopAll([proc]) };
}

/**
 * Shoppers the order figures take turns among, a request each in turn, one unit each time from
 * a well-stocked product. A real account holds at most MAX_HELD_UNITS (50) units unpaid, and its
 * next order sums what it holds; the 100,000 or so orders of a bench leave each of these
 * holding about 70, near what a real one may, not thousands (50 accounts slowed every run after
 * the first: 2,136, 1,337, 788 orders/s).
 */
const ORDER_SHOPPERS = 1_500;

export async function orderRequests(stack: Stack, adminToken: string, tag: string) {
  const shoppers = await newShoppers(stack, ORDER_SHOPPERS, tag);
  const product = await addProduct(stack, adminToken, {
    name: `Bench order tyre ${tag}`,
    description: 'Stock for the order benchmark.',
    price: 89.5,
    orderquantity: 1,
    availableauantity: 1_000_000,
    img: '/images/products/summer-tyre.svg',
  });
  const body = JSON.stringify({
    productId: product._id,
    name: 'Bench Shopper',
    address: '1 Benchmark Road, Testville',
    number: '+1 555 0100',
    quantity: 1,
  });
  let nextShopper = 0;
  const orders: autocannon.Options = {
    url: `${stack.baseUrl}/api/order`,
    requests: [
      {
        method: 'POST',
        body,
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${shoppers[nextShopper++ % shoppers.length]!.token}`,
          },
        }),
      },
    ],
  };
  const paced: PacedRequest = {
    url: orders.url,
    method: 'POST',
    body,
    headers: (n) => ({ authorization: `Bearer ${shoppers[n % shoppers.length]!.token}` }),
  };
  return { orders, paced };
}

export async function measureApi(
  stack: Stack,
  adminToken: string,
  settings: LoadSettings,
  tag: string,
): Promise<ApiFigures> {
  const apiRssBeforeMb = processMemoryMb(stack.apiPid).rss;
  const memory = watchMemory(stack.apiPid);
  try {
    const figures = await measureUnderLoad(stack, adminToken, settings, tag);
    return { ...figures, apiRssBeforeMb, apiPeakRssUnderLoadMb: memory.stop() };
  } finally {
    memory.stop();
  }
}

async function measureUnderLoad(
  stack: Stack,
  adminToken: string,
  settings: LoadSettings,
  tag: string,
): Promise<Omit<ApiFigures, 'apiRssBeforeMb' | 'apiPeakRssUnderLoadMb'>> {
  const { runs, seconds, warmupSeconds } = settings;
  let failures = 0;
  const measured = async (options: autocannon.Options) => {
    const run = await cannon({ ...options, duration: seconds });
    failures += run.failures;
    return run;
  };
  const warmUp = (options: autocannon.Options) => cannon({ ...options, duration: warmupSeconds });

  // The API against a bare server replaying its answer, alternating so both see the same
  // machine state.
  const againstBare = async (url: string) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-bare-'));
    const saved = path.join(tmp, 'response.json');
    const bytes = await saveResponse(url, saved);
    const bare = await startBareServer(saved);
    const api: number[] = [];
    const limit: number[] = [];
    try {
      await warmUp({ url });
      await warmUp({ url: bare.url });
      for (let i = 0; i < runs; i += 1) {
        limit.push((await measured({ url: bare.url })).rps);
        api.push((await measured({ url })).rps);
      }
    } finally {
      await bare.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    return {
      bytes,
      api: summarize(api),
      bare: summarize(limit),
      ratio: summarize(api.map((rps, i) => rps / limit[i]!)),
    };
  };
  const list = { url: `${stack.baseUrl}/api/product` };
  const catalogue = await againstBare(list.url);
  // The HTML is rendered once per catalogue version; this measures serving it.
  const landing = await againstBare(`${stack.baseUrl}/`);

  const [first] = (await (await fetch(list.url)).json()) as { _id: string }[];
  const details = { url: `${stack.baseUrl}/api/productDetails/${first!._id}` };
  await warmUp(details);
  const detailRuns: Run[] = [];
  for (let i = 0; i < runs; i += 1) detailRuns.push(await measured(details));

  const { orders, paced } = await orderRequests(stack, adminToken, tag);
  await warmUp(orders);
  const orderRuns: Run[] = [];
  const pacedRuns: PacedRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    orderRuns.push(await measured(orders));
    const run = await pacedLoad(paced, ORDER_TARGET_RATE, seconds);
    failures += run.failures;
    pacedRuns.push(run);
  }

  const checkoutRuns = await measureCheckouts(stack, adminToken, settings, tag);
  for (const run of checkoutRuns) failures += run.failures;
  const taxedRuns = await measureCheckouts(stack, adminToken, settings, tag, {
    country: 'US',
    region: 'CA',
  });
  for (const run of taxedRuns) failures += run.failures;

  return {
    productListRps: catalogue.api,
    bareServerRps: catalogue.bare,
    productListRatio: catalogue.ratio,
    productListBytes: catalogue.bytes,
    landingPageRps: landing.api,
    bareLandingRps: landing.bare,
    landingPageRatio: landing.ratio,
    productDetailsRps: summarize(detailRuns.map((run) => run.rps)),
    productDetailsP99Ms: summarize(detailRuns.map((run) => run.p99)),
    ordersPerSecond: summarize(orderRuns.map((run) => run.rps)),
    ordersP99Ms: summarize(orderRuns.map((run) => run.p99)),
    ordersP99At300Ms: summarize(pacedRuns.map((run) => run.p99)),
    checkoutsP99At100Ms: summarize(checkoutRuns.map((run) => run.p99)),
    taxedCheckoutsP99At100Ms: summarize(taxedRuns.map((run) => run.p99)),
    failures,
  };
}
