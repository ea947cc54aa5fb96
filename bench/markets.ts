/**
 * Issue 46's cases alone (`npx tsx bench/markets.ts`, about 6 minutes; `BENCH_QUICK=1`, one
 * short run each): a five-line checkout with tax and fees (a California address: sales tax, the
 * state's tyre fee, delivery) against the same checkout without (the spec's), at 100 a second;
 * and the shop at 100,000 products for a German shopper (the page in the market, its products carrying
 * their euro prices: what the shop asks) against a US one (the page alone), filtered pages and word searches, 50 workers.
 * `MARKETS_ONLY=listing` (or `checkout`) runs one half. Written to bench/results/markets.json.
 * `npm run bench` measures the same inside its phases.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startEmbeddedDatabase } from '../server/src/embedded/embeddedDatabase';
import { openStoreDatabase } from '../server/src/storeDatabase';
import { CONNECTIONS } from './apiLoad';
import { measureCheckouts } from './checkoutLoad';
import { loadCatalogue, searchPaths, SEARCH_PRODUCTS } from './search';
import { ADMIN, appToken } from './shoppers';
import { startStack, type Stack } from './stack';
import { p99, summarize, type Summary } from './stats';

const quick = process.env.BENCH_QUICK === '1';
const only = process.env.MARKETS_ONLY;
/** Every this many products, one gets its own German price (an admin's), out of step with the rule. */
const OWN_PRICE_EVERY = 100;
const settings = quick ? { runs: 1, seconds: 3 } : { runs: 3, seconds: 10 };
const log = (message: string) =>
  console.error(`[markets ${new Date().toISOString().slice(11, 19)}] ${message}`);

interface ListingRun {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * `CONNECTIONS` workers for `seconds`, each taking the next shopper's page in turn and asking
 * its calls one after the other: the time from the first call to the last answer, per page.
 */
async function listingLoad(stack: Stack, pages: string[][], seconds: number): Promise<ListingRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const get = (url: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${stack.baseUrl}${url}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const calls = pages[next++ % pages.length]!;
        const started = performance.now();
        for (const url of calls) {
          const status = await get(url).catch(() => 0);
          if (status !== 200) failures += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p99: p99(latencies),
    failures,
  };
}

/**
 * Each page as a US shopper's shop asks it, and as a German shopper's: the same page in the
 * market (`market=DE`), its products carrying their euro prices, one call as in the US.
 */
function shopperPages(paths: string[]) {
  const pages = paths.slice(0, 60);
  return {
    us: pages.map((page) => [page]),
    de: pages.map((page) => [`${page}&market=DE`]),
  };
}

const figures = (runs: ListingRun[]) => ({
  rps: summarize(runs.map((run) => run.rps)),
  p50Ms: summarize(runs.map((run) => run.p50)),
  p99Ms: summarize(runs.map((run) => run.p99)),
  failures: runs.reduce((sum, run) => sum + run.failures, 0),
});

async function checkouts(): Promise<{ plainP99Ms: Summary; taxedP99Ms: Summary }> {
  log('checkout: the store with its seeded catalogue');
  const stack = await startStack();
  try {
    const admin = await appToken(stack, ADMIN.email, ADMIN.password);
    const tag = `m${Date.now()}`;
    log(`checkout without tax and fees (${settings.runs} × ${settings.seconds} s at 100/s)`);
    const plain = await measureCheckouts(stack, admin, settings, tag);
    log('checkout priced in California (tax, tyre fee, delivery)');
    const taxed = await measureCheckouts(stack, admin, settings, tag, {
      country: 'US',
      region: 'CA',
    });
    const failures = [...plain, ...taxed].reduce((sum, run) => sum + run.failures, 0);
    if (failures > 0) log(`checkout: ${failures} failed requests`);
    return {
      plainP99Ms: summarize(plain.map((run) => run.p99)),
      taxedP99Ms: summarize(taxed.map((run) => run.p99)),
    };
  } finally {
    await stack.stop();
  }
}

/**
 * Own German prices on one product in OWN_PRICE_EVERY, 15 % under the dollar price's converted
 * one: what the price filter and the price sort of a German page must place apart from the rest.
 */
async function withOwnGermanPrices(url: string) {
  const database = await openStoreDatabase(url);
  try {
    await database.db.execute(sql`
      insert into market_prices (product_id, market, price_minor)
      select id, 'DE', round(price_cents * 0.92 * 0.85)::int
      from (select id, price_cents, row_number() over (order by created_at, id) as n from products) p
      where n % ${OWN_PRICE_EVERY} = 0`);
  } finally {
    await database.close();
  }
}

async function listings() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-markets-'));
  log(`listing: loading ${SEARCH_PRODUCTS.toLocaleString('en-US')} products`);
  const embedded = await startEmbeddedDatabase(path.join(dataDir, 'postgres'));
  try {
    await loadCatalogue(embedded.url, SEARCH_PRODUCTS);
    await withOwnGermanPrices(embedded.url);
  } finally {
    await embedded.stop();
  }
  const stack = await startStack({}, { dataDir });
  try {
    const paths = searchPaths();
    const result: Record<string, ReturnType<typeof figures>> = {};
    for (const [kind, list] of [
      ['filtered', paths.filtered],
      ['words', paths.words],
    ] as const) {
      const markets = Object.entries(shopperPages(list)).map(([market, pages]) => ({
        market: market === 'us' ? 'USD' : 'EUR',
        pages,
        runs: [] as ListingRun[],
      }));
      // Warm: each page once, so both markets start from the same kept answers.
      for (const { pages } of markets) await listingLoad(stack, pages, quick ? 1 : 3);
      // The markets' runs take turns, so a busy machine's changing load falls on both alike.
      for (let i = 0; i < settings.runs; i += 1) {
        for (const market of markets) {
          market.runs.push(await listingLoad(stack, market.pages, settings.seconds));
        }
      }
      for (const { market, runs } of markets) {
        result[`${kind} ${market}`] = figures(runs);
        const { p50Ms, p99Ms, rps } = result[`${kind} ${market}`]!;
        log(
          `listing ${kind} in ${market}: ${rps.median.toFixed(0)} pages/s, p50 ${p50Ms.median.toFixed(1)} ms, p99 ${p99Ms.median.toFixed(1)} ms`,
        );
      }
    }
    return result;
  } finally {
    await stack.stop();
  }
}

async function main() {
  const started = Date.now();
  const checkout = only === 'listing' ? null : await checkouts();
  if (checkout) {
    log(
      `checkout p99: ${checkout.plainP99Ms.median} ms without, ${checkout.taxedP99Ms.median} ms with tax and fees (target: within 5 ms)`,
    );
  }
  const listing = only === 'checkout' ? null : await listings();
  const results = {
    date: new Date().toISOString(),
    machine: `${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores`,
    quick,
    settings: { ...settings, connections: CONNECTIONS, products: SEARCH_PRODUCTS },
    checkout: checkout && {
      ...checkout,
      taxedOverPlainMs: checkout.taxedP99Ms.median - checkout.plainP99Ms.median,
    },
    listing,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const file = path.resolve(__dirname, 'results', 'markets.json');
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`done in ${results.durationSeconds} s: ${path.relative(process.cwd(), file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
