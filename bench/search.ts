/**
 * Search at 100,000 products: loaded in bulk straight into the database (100 statements of
 * 1,000 rows, through the products' owner module, as an import would), then the store started
 * on it as `npm start` runs it. Filtered pages, facets and word searches at 50 connections, and
 * in Chromium the time from the last keystroke in the search box to the new cards.
 * On the embedded server always; on PostgreSQL too when DATABASE_URL is set (in a database of its own).
 */
import { chromium, type Page } from '@playwright/test';
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawayDatabase } from '../scripts/throwawayDatabase';
import { insertProducts } from '../server/src/catalog/productTable';
import { openStoreDatabase } from '../server/src/storeDatabase';
import { startEmbeddedDatabase } from '../server/src/embedded/embeddedDatabase';
import { CONNECTIONS, type LoadSettings } from './apiLoad';
import { benchProduct, BENCH_SIZES } from './bigCatalogue';
import { CHROMIUM } from './lighthouse';
import { summarize, type Summary } from './stats';
import { processMemoryMb, startStack, type Stack } from './stack';

export const SEARCH_PRODUCTS = 100_000;
const BATCH = 1_000;

export interface LoadFigures {
  rps: Summary;
  p50Ms: Summary;
  p99Ms: Summary;
}

export interface SearchFigures {
  database: 'embedded' | 'postgres';
  products: number;
  loadSeconds: number;
  /** The first search after start: the whole catalogue read and its index built. */
  firstSearchMs: number;
  apiRssMb: number;
  filteredPage: LoadFigures;
  facets: LoadFigures;
  wordSearch: LoadFigures;
  /** The same kinds of calls, each a search never made before (no answer reused). */
  distinctFilteredPage: LoadFigures;
  distinctFacets: LoadFigures;
  /** The EU tyre label's filters (fuel, wet grip, noise, snow), each search a new one. */
  distinctLabelPage: LoadFigures;
  distinctLabelFacets: LoadFigures;
  /** Words typed with a letter missing ("nordca"), each search a new one (issue 54). */
  distinctTypoPage?: LoadFigures;
  /**
   * A filtered page's shelf prices in euros (issue 46): what a German shopper's shop asks after
   * the page itself (GET /api/markets/DE/prices?ids=…, the page's 24 ids).
   */
  euroPrices?: LoadFigures;
  /**
   * Issue 51, the shop listing models (about 10,000 tyre models of 70,000 sizes, and 30,000
   * wheels and parts, each a model): the filtered pages and word searches by model, and the
   * facets counting models, each search a new one.
   */
  modelPage?: LoadFigures;
  modelWordSearch?: LoadFigures;
  distinctModelFacets?: LoadFigures;
  keystrokeToCardsMs: Summary;
  failures: number;
}

/** Writes the catalogue into the database at `url` (its schema brought up to date first). */
export async function loadCatalogue(url: string, count: number): Promise<number> {
  const started = Date.now();
  const database = await openStoreDatabase(url);
  try {
    for (let from = 0; from < count; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) =>
        benchProduct(from + i, '/images/products/summer-tyre.svg'),
      );
      await insertProducts(database.db, batch);
    }
  } finally {
    await database.close();
  }
  return (Date.now() - started) / 1000;
}

/** The searches shoppers make, varied so that no single answer is all the load. */
export function searchPaths() {
  const { widths, aspects, rims, brands } = BENCH_SIZES;
  const seasons = ['summer', 'winter', 'all-season'];
  const sorts = ['newest', 'price-asc', 'price-desc', 'name'];
  const filtered: string[] = [];
  const words: string[] = [];
  for (let i = 0; i < 120; i += 1) {
    const width = widths[i % widths.length]!;
    const aspect = aspects[(i * 7) % aspects.length]!;
    const rim = rims[(i * 3) % rims.length]!;
    const season = seasons[i % 3]!;
    const sort = sorts[i % 4]!;
    const page = `limit=24&offset=${(i % 3) * 24}&sort=${sort}`;
    filtered.push(
      i % 3 === 0
        ? `category=tyre&width=${width}&aspect=${aspect}&rim=${rim}&season=${season}`
        : i % 3 === 1
          ? `category=tyre&width=${width}&season=${season}&inStock=true&${page}`
          : `minPrice=${40 + (i % 50)}&maxPrice=${150 + i}&category=tyre&rim=${rim}&${page}`,
    );
    const brand = brands[i % brands.length]!;
    words.push(
      encodeURI(
        i % 3 === 0
          ? `q=${width}/${aspect} R${rim}&limit=24&sort=newest`
          : i % 3 === 1
            ? `q=${brand.toLowerCase()} ${season.slice(0, 3)}&limit=24&sort=newest`
            : `q=${season} ${width}${aspect}${rim}&limit=24&sort=price-asc`,
      ),
    );
  }
  // Every one a different search (prices a cent apart): no answer is worked out twice.
  const distinct = Array.from(
    { length: 20_000 },
    (_, i) =>
      `category=tyre&width=${widths[i % widths.length]}&season=${seasons[i % 3]}&minPrice=${(20 + i / 100).toFixed(2)}`,
  );
  // The label's filters, with and without a size, every one a new search too.
  const classes = ['A', 'B', 'C', 'D'];
  const label = Array.from({ length: 20_000 }, (_, i) => {
    const parts = [
      `fuel=${classes[i % 4]}`,
      i % 2 === 0 ? `wetGrip=${classes[(i >> 1) % 4]}` : '',
      i % 3 === 0 ? `maxNoise=${68 + (i % 6)}` : '',
      i % 5 === 0 ? 'snow=true' : '',
      i % 4 === 1 ? `width=${widths[i % widths.length]}` : '',
      `minPrice=${(20 + i / 100).toFixed(2)}`,
    ];
    return parts.filter(Boolean).join('&');
  });
  // A word of the catalogue with one letter left out, every search a new one.
  const typed = [...brands, 'Battery', 'Winter', 'Summer', 'Touring', 'Comfort', 'Charger'];
  const typos = Array.from({ length: 20_000 }, (_, i) => {
    const word = typed[i % typed.length]!.toLowerCase();
    const at = 1 + (i % (word.length - 1));
    return `q=${word.slice(0, at)}${word.slice(at + 1)}&minPrice=${(20 + i / 100).toFixed(2)}`;
  });
  return {
    modelFiltered: filtered.map(
      (query) => `/api/product?by=model&${query.includes('limit') ? query : `${query}&limit=24`}`,
    ),
    modelWords: words.map((query) => `/api/product?by=model&${query}`),
    distinctModelFacets: label.map((query) => `/api/product/facets?by=model&${query}`),
    distinctTypo: typos.map((query) => `/api/product?${query}&limit=24&sort=newest`),
    distinctLabel: label.map((query) => `/api/product?${query}&limit=24&sort=newest`),
    distinctLabelFacets: label.map((query) => `/api/product/facets?${query}`),
    distinctFiltered: distinct.map((query) => `/api/product?${query}&limit=24&sort=newest`),
    distinctFacets: distinct.map((query) => `/api/product/facets?${query}`),
    filtered: filtered.map(
      (query) => `/api/product?${query.includes('limit') ? query : `${query}&limit=24`}`,
    ),
    facets: filtered.map(
      (query) => `/api/product/facets?${query.replace(/&?(limit|offset|sort)=[^&]*/g, '')}`,
    ),
    words: words.map((query) => `/api/product?${query}`),
  };
}

/**
 * `paths` at 50 connections: taken in turn by all connections together, so no two
 * connections send the same search at the same moment (one would get the other's answer).
 */
async function load(stack: Stack, paths: string[], settings: LoadSettings) {
  let next = 0;
  const options: autocannon.Options = {
    url: stack.baseUrl,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  };
  await autocannon({ ...options, duration: settings.warmupSeconds });
  const rps: number[] = [];
  const p50: number[] = [];
  const p99: number[] = [];
  let failures = 0;
  for (let i = 0; i < settings.runs; i += 1) {
    const result = await autocannon({ ...options, duration: settings.seconds });
    rps.push(result.requests.average);
    p50.push(result.latency.p50);
    p99.push(result.latency.p99);
    failures += result.non2xx + result.errors + result.timeouts;
  }
  return {
    figures: { rps: summarize(rps), p50Ms: summarize(p50), p99Ms: summarize(p99) },
    failures,
  };
}

/** The euro prices call of each filtered page (its ids read once from the page itself). */
async function euroPricePaths(stack: Stack, pages: string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const page of pages.slice(0, 40)) {
    const products = (await (await fetch(`${stack.baseUrl}${page}`)).json()) as { _id: string }[];
    const ids = products.map((product) => product._id).sort();
    if (ids.length > 0) paths.push(`/api/markets/DE/prices?ids=${ids.join(',')}`);
  }
  return paths;
}

// A string, not a function: tsx would wrap a function's helpers in a `__name` the page lacks.
const WATCH_RESULTS = `(() => {
  const status = () => document.querySelector('[role="status"]')?.textContent ?? '';
  const firstCard = () => document.querySelector('[aria-label="Products"] h2')?.textContent ?? '';
  window.searchWatch = { before: status() + '|' + firstCard(), keyAt: 0, changedAt: 0 };
  const input = document.querySelector('input[type="search"]');
  input.addEventListener('keydown', () => { window.searchWatch.keyAt = performance.now(); }, { once: true });
  const observer = new MutationObserver(() => {
    const now = status() + '|' + firstCard();
    const busy = document.querySelector('[aria-label="Products"]')?.getAttribute('aria-busy') === 'true';
    if (window.searchWatch.keyAt && !busy && now !== window.searchWatch.before) {
      window.searchWatch.changedAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

/** Milliseconds from the last key of each search to its cards on screen. */
async function keystrokeToCards(baseUrl: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const searches = [
    'nordica winter 205/55 R16',
    'urbano spo',
    'alpine 2255518',
    'pneumax summer 2',
  ];
  const times: number[] = [];
  try {
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/shop`);
    await page.locator('[aria-label="Products"] h2').first().waitFor();
    const box = page.getByRole('searchbox', { name: 'Search products' });
    for (let i = 0; i < runs; i += 1) {
      const text = searches[i % searches.length]!;
      await box.fill(text.slice(0, -1));
      // The search before settles (its cards shown, nothing loading).
      await page.waitForTimeout(600);
      await page.evaluate(WATCH_RESULTS);
      await box.press(text.slice(-1));
      // Polled from here (the store's CSP forbids the page evaluating strings); the time itself
      // is taken in the page.
      const deadline = Date.now() + 10_000;
      let took = 0;
      while (!took && Date.now() < deadline) {
        took = (await page.evaluate(
          'window.searchWatch.changedAt && window.searchWatch.changedAt - window.searchWatch.keyAt',
        )) as number;
        if (!took) await page.waitForTimeout(20);
      }
      if (!took) throw new Error(`the cards for "${text}" never changed`);
      times.push(took);
    }
  } finally {
    await browser.close();
  }
  return times;
}

/** What the store on 100,000 products showed as it started. */
interface BigCatalogueStart {
  database: 'embedded' | 'postgres';
  loadSeconds: number;
  /** The first search after start: the whole catalogue read and its index built. */
  firstSearchMs: number;
  apiRssMb: number;
}

/**
 * The store started on 100,000 products written straight into a fresh database (embedded, or
 * one of its own on `postgresUrl`'s server), its first search made; `run` measures it.
 */
async function onBigCatalogue<T>(
  log: (message: string) => void,
  postgresUrl: string | undefined,
  run: (stack: Stack, started: BigCatalogueStart) => Promise<T>,
): Promise<T> {
  const database = postgresUrl ? 'postgres' : 'embedded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-search-'));
  let drop = async () => {};
  let env: Record<string, string> = {};
  let loadSeconds: number;
  try {
    log(`search: loading ${SEARCH_PRODUCTS.toLocaleString('en-US')} products into ${database}`);
    if (postgresUrl) {
      const fresh = await throwawayDatabase(postgresUrl, 'store_bench_search');
      drop = fresh.drop;
      loadSeconds = await loadCatalogue(fresh.url, SEARCH_PRODUCTS);
      env = { DATABASE_URL: fresh.url };
    } else {
      const embedded = await startEmbeddedDatabase(path.join(dataDir, 'postgres'));
      try {
        loadSeconds = await loadCatalogue(embedded.url, SEARCH_PRODUCTS);
      } finally {
        await embedded.stop();
      }
    }
    const stack = await startStack(env, { dataDir });
    try {
      const started = performance.now();
      const first = await fetch(`${stack.baseUrl}/api/product?sort=newest&limit=24`);
      if (!first.ok) throw new Error(`first search answered ${first.status}`);
      const firstSearchMs = performance.now() - started;
      const apiRssMb = processMemoryMb(stack.apiPid).rss;
      log(
        `search: loaded in ${loadSeconds.toFixed(1)} s; first search ${firstSearchMs.toFixed(0)} ms; API ${apiRssMb.toFixed(0)} MB`,
      );
      return await run(stack, { database, loadSeconds, firstSearchMs, apiRssMb });
    } finally {
      await stack.stop();
    }
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const logFigures = (
  log: (message: string) => void,
  runs: ReadonlyArray<readonly [string, { figures: LoadFigures }]>,
) => {
  for (const [what, { figures }] of runs) {
    log(
      `search: ${what} ${figures.rps.median.toFixed(0)}/s, p50 ${figures.p50Ms.median} ms, p99 ${figures.p99Ms.median} ms`,
    );
  }
};

/** The facets alone (`SEARCH_ONLY=facets`): each kind asked at 50 connections, as in measureSearch. */
export interface SearchFacetFigures extends BigCatalogueStart {
  products: number;
  facets: LoadFigures;
  distinctFacets: LoadFigures;
  distinctLabelFacets: LoadFigures;
  distinctModelFacets: LoadFigures;
  failures: number;
}

export async function measureSearchFacets(
  settings: LoadSettings,
  log: (message: string) => void,
  postgresUrl?: string,
): Promise<SearchFacetFigures> {
  return onBigCatalogue(log, postgresUrl, async (stack, started) => {
    const paths = searchPaths();
    log('search: facets only, at 50 connections');
    const facets = await load(stack, paths.facets, settings);
    const distinctFacets = await load(stack, paths.distinctFacets, settings);
    const distinctLabelFacets = await load(stack, paths.distinctLabelFacets, settings);
    const distinctModelFacets = await load(stack, paths.distinctModelFacets, settings);
    const runs = [
      ['facets', facets],
      ['distinct facets', distinctFacets],
      ['distinct label facets', distinctLabelFacets],
      ['models: distinct label facets', distinctModelFacets],
    ] as const;
    logFigures(log, runs);
    return {
      ...started,
      products: SEARCH_PRODUCTS,
      facets: facets.figures,
      distinctFacets: distinctFacets.figures,
      distinctLabelFacets: distinctLabelFacets.figures,
      distinctModelFacets: distinctModelFacets.figures,
      failures: runs.reduce((sum, [, run]) => sum + run.failures, 0),
    };
  });
}

export async function measureSearch(
  settings: LoadSettings & { browserRuns: number },
  log: (message: string) => void,
  postgresUrl?: string,
): Promise<SearchFigures> {
  return onBigCatalogue(log, postgresUrl, async (stack, started) => {
    const paths = searchPaths();
    log('search: filtered pages, facets and word searches at 50 connections');
    const filtered = await load(stack, paths.filtered, settings);
    const facets = await load(stack, paths.facets, settings);
    const words = await load(stack, paths.words, settings);
    const distinctFiltered = await load(stack, paths.distinctFiltered, settings);
    const distinctFacets = await load(stack, paths.distinctFacets, settings);
    const distinctLabel = await load(stack, paths.distinctLabel, settings);
    const distinctLabelFacets = await load(stack, paths.distinctLabelFacets, settings);
    const distinctTypo = await load(stack, paths.distinctTypo, settings);
    const euro = await load(stack, await euroPricePaths(stack, paths.filtered), settings);
    const modelPage = await load(stack, paths.modelFiltered, settings);
    const modelWords = await load(stack, paths.modelWords, settings);
    const distinctModelFacets = await load(stack, paths.distinctModelFacets, settings);
    logFigures(log, [
      ['filtered', filtered],
      ['facets', facets],
      ['words', words],
      ['distinct filtered', distinctFiltered],
      ['distinct facets', distinctFacets],
      ['distinct label filters', distinctLabel],
      ['distinct label facets', distinctLabelFacets],
      ['distinct typos', distinctTypo],
      ['euro prices of a page', euro],
      ['models: filtered pages', modelPage],
      ['models: word searches', modelWords],
      ['models: distinct label facets', distinctModelFacets],
    ]);
    log(`search: keystroke to new cards in Chromium (${settings.browserRuns * 2} searches)`);
    const keys = await keystrokeToCards(stack.baseUrl, settings.browserRuns * 2);
    return {
      ...started,
      products: SEARCH_PRODUCTS,
      filteredPage: filtered.figures,
      facets: facets.figures,
      wordSearch: words.figures,
      distinctFilteredPage: distinctFiltered.figures,
      distinctFacets: distinctFacets.figures,
      distinctLabelPage: distinctLabel.figures,
      distinctLabelFacets: distinctLabelFacets.figures,
      distinctTypoPage: distinctTypo.figures,
      euroPrices: euro.figures,
      modelPage: modelPage.figures,
      modelWordSearch: modelWords.figures,
      distinctModelFacets: distinctModelFacets.figures,
      keystrokeToCardsMs: summarize(keys),
      failures: [
        filtered,
        facets,
        words,
        distinctFiltered,
        distinctFacets,
        distinctLabel,
        distinctLabelFacets,
        distinctTypo,
        euro,
        modelPage,
        modelWords,
        distinctModelFacets,
      ].reduce((sum, run) => sum + run.failures, 0),
    };
  });
}

/** Alone (`npx tsx bench/search.ts`, after `npm run build`): this step's figures, one short run. */
if (require.main === module) {
  const quick = process.env.BENCH_QUICK === '1';
  const settings = quick
    ? { runs: 1, seconds: 3, warmupSeconds: 1, browserRuns: 2 }
    : { runs: 3, seconds: 10, warmupSeconds: 3, browserRuns: 5 };
  const log = (message: string) => console.error(message);
  // SEARCH_ONLY=facets: the facets' figures alone, without the pages, words and browser.
  const facetsOnly = process.env.SEARCH_ONLY === 'facets';
  (facetsOnly ? measureSearchFacets(settings, log) : measureSearch(settings, log))
    .then((figures) => {
      const file = path.resolve(
        __dirname,
        'results',
        facetsOnly ? 'search-facets.json' : 'search.json',
      );
      fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
      console.error(`written to ${path.relative(process.cwd(), file)}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
