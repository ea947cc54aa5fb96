/**
 * "My car" at scale (issue 33): 100,000 products and 20,000 car versions loaded straight into
 * the embedded database, the store started on it as `npm start` runs it, then one request at a
 * time over HTTP: each picker list (makes, models of a make, years of a model, versions of a
 * year), and tyre searches for a car with its alternative sizes, each car searched once only
 * (no answer reused). Targets: each list p99 ≤ 20 ms, the unseen car searches p99 ≤ 50 ms.
 * Run alone with `npx tsx bench/vehicles.ts`, or as part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStoreDatabase } from '../server/src/storeDatabase';
import { startEmbeddedDatabase } from '../server/src/embedded/embeddedDatabase';
import { NO_NEEDS } from '../server/src/vehicles/axleCells';
import { upsertVehicles, type NewVehicle } from '../server/src/vehicles/vehicleTable';
import { BENCH_SIZES } from './bigCatalogue';
import { loadCatalogue, SEARCH_PRODUCTS } from './search';
import { startStack } from './stack';

export const BENCH_VEHICLES = 20_000;
const MAKES = 40;
const MODELS_PER_MAKE = 25;
const REQUESTS = 400;

export interface ListFigures {
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export interface VehicleFigures {
  products: number;
  vehicles: number;
  makes: ListFigures;
  models: ListFigures;
  years: ListFigures;
  versions: ListFigures;
  /** `GET /api/product?vehicle=&alternatives=true`, each car once. */
  unseenSearchWithAlternatives: ListFigures;
  /** The car's own sizes, each car once. */
  unseenSearch: ListFigures;
  targets: { listP99Ms: number; searchP99Ms: number; met: boolean };
}

/** Car `n` of the bench: 40 makes of 25 models, 20 versions each over the years. */
export function benchVehicle(n: number): NewVehicle {
  const { widths, aspects, rims } = BENCH_SIZES;
  const make = n % MAKES;
  const model = Math.floor(n / MAKES) % MODELS_PER_MAKE;
  const version = Math.floor(n / (MAKES * MODELS_PER_MAKE));
  const size = {
    width: widths[n % widths.length]!,
    aspect: aspects[(n * 7) % aspects.length]!,
    rim: rims[(n * 3) % rims.length]!,
  };
  return {
    make: `Make ${make}`,
    model: `Model ${make}-${model}`,
    generation: `G${version % 5}`,
    engine: `${(1 + (version % 10) / 5).toFixed(1)} E${version}`,
    yearFrom: 1995 + (version % 25),
    yearTo: version % 3 === 0 ? null : 1995 + (version % 25) + 6,
    front: size,
    rear: size,
    ...NO_NEEDS,
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function timed(baseUrl: string, urls: string[]): Promise<ListFigures> {
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${url}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50Ms: round(percentile(times, 50)),
    p99Ms: round(percentile(times, 99)),
    requests: times.length,
  };
}

export async function measureVehicles(log: (message: string) => void): Promise<VehicleFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-vehicles-'));
  try {
    const embedded = await startEmbeddedDatabase(path.join(dataDir, 'postgres'));
    try {
      log(`vehicles: loading ${SEARCH_PRODUCTS.toLocaleString('en-US')} products`);
      await loadCatalogue(embedded.url, SEARCH_PRODUCTS);
      log(`vehicles: loading ${BENCH_VEHICLES.toLocaleString('en-US')} car versions`);
      const database = await openStoreDatabase(embedded.url);
      try {
        for (let from = 0; from < BENCH_VEHICLES; from += 1000) {
          const batch = Array.from({ length: 1000 }, (_, i) => benchVehicle(from + i));
          await upsertVehicles(database.db, batch);
        }
      } finally {
        await database.close();
      }
    } finally {
      await embedded.stop();
    }
    const stack = await startStack({}, { dataDir });
    try {
      const base = stack.baseUrl;
      // Warm: the first call reads the vehicles and the catalogue once.
      await timed(base, ['/api/vehicles/makes', '/api/product?sort=newest&limit=24']);
      const pick = (i: number) => benchVehicle((i * 7919) % BENCH_VEHICLES);
      const q = (params: Record<string, string | number>) =>
        new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
      const lists = Array.from({ length: REQUESTS }, (_, i) => pick(i));
      const makes = await timed(
        base,
        lists.map(() => '/api/vehicles/makes'),
      );
      const models = await timed(
        base,
        lists.map((v) => `/api/vehicles/models?${q({ make: v.make })}`),
      );
      const years = await timed(
        base,
        lists.map((v) => `/api/vehicles/years?${q({ make: v.make, model: v.model })}`),
      );
      const versions = await timed(
        base,
        lists.map(
          (v) => `/api/vehicles?${q({ make: v.make, model: v.model, year: v.yearFrom + 1 })}`,
        ),
      );
      // Car ids, each searched once: a version list gives them.
      const ids: string[] = [];
      for (let i = 0; ids.length < REQUESTS * 2 && i < REQUESTS * 4; i += 1) {
        const v = pick(i + REQUESTS);
        const res = await fetch(
          `${base}/api/vehicles?${q({ make: v.make, model: v.model, year: v.yearFrom })}`,
        );
        for (const found of (await res.json()) as Array<{ _id: string }>) {
          if (!ids.includes(found._id)) ids.push(found._id);
        }
      }
      const unseenSearchWithAlternatives = await timed(
        base,
        ids
          .slice(0, REQUESTS)
          .map((id) => `/api/product?vehicle=${id}&alternatives=true&limit=24&sort=newest`),
      );
      const unseenSearch = await timed(
        base,
        ids
          .slice(REQUESTS, REQUESTS * 2)
          .map((id) => `/api/product?vehicle=${id}&limit=24&sort=newest`),
      );
      const listP99 = Math.max(makes.p99Ms, models.p99Ms, years.p99Ms, versions.p99Ms);
      const figures: VehicleFigures = {
        products: SEARCH_PRODUCTS,
        vehicles: BENCH_VEHICLES,
        makes,
        models,
        years,
        versions,
        unseenSearchWithAlternatives,
        unseenSearch,
        targets: {
          listP99Ms: 20,
          searchP99Ms: 50,
          met: listP99 <= 20 && unseenSearchWithAlternatives.p99Ms <= 50,
        },
      };
      log(`vehicles: ${JSON.stringify(figures)}`);
      return figures;
    } finally {
      await stack.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  measureVehicles((message) => console.error(message))
    .then((figures) => {
      const file = path.resolve(__dirname, 'results', 'vehicles.json');
      fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
      console.error(`written to ${path.relative(process.cwd(), file)}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
