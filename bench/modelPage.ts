/**
 * A tyre model's page rendered on the server (issue 51): the store as `npm start` runs it, 100
 * models of 8 sizes each added through the admin API (four pictures a model), then each model's
 * page asked for once, then again at another size: every answer a render never made before
 * (target p99 ≤ 20 ms, as the shopper's HTTP client sees it: render, compression, sending).
 * Then the same pages again, kept. One request at a time, paced so renders stay within the
 * share of time the API gives them (RenderQueue): a page never waits behind another.
 * Run alone with `npx tsx bench/modelPage.ts`, or as part of `npm run bench`.
 */
import path from 'node:path';
import type { PageRendererModule } from '../contract/renderedPages';
import { buildSpa, isStale, SPA } from '../scripts/build';
import { ADMIN, appToken } from './shoppers';
import { startStack, type Stack } from './stack';
import { p99 } from './stats';

const MODELS = 100;
const SIZES = 8;
const PICTURES = 4;
const TARGET_P99_MS = 20;

/** The sizes each model comes in (one rim and width apiece). */
const SIZE_LIST = [
  [195, 65, 15, 91, 'H'],
  [205, 55, 16, 91, 'V'],
  [215, 55, 16, 97, 'W'],
  [225, 45, 17, 94, 'Y'],
  [225, 50, 17, 98, 'Y'],
  [235, 45, 18, 98, 'Y'],
  [245, 40, 18, 97, 'Y'],
  [255, 35, 19, 96, 'Y'],
] as const;
const CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;

export interface ModelPageFigures {
  models: number;
  sizesPerModel: number;
  /**
   * The render alone (the target): the SPA's server renderer (dist/server/renderPage.js) in this
   * process, its API calls sent to the store over loopback, every page once, after 20 to warm up.
   */
  render: { renders: number; p50Ms: number; p99Ms: number; maxMs: number };
  /**
   * First answers as a client sees them: the render, then brotli (quality 11) and gzip (level 9)
   * once each, as the API keeps a page, then sending it.
   */
  rendered: { requests: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** The same pages again, as kept. */
  kept: { requests: number; p50Ms: number; p99Ms: number };
  target: { p99Ms: number; met: boolean };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tyre with its size, label and season, as an admin adds it. */
async function addTyre(stack: Stack, admin: string, tyre: Record<string, unknown>) {
  const res = await fetch(`${stack.baseUrl}/api/product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify(tyre),
  });
  if (!res.ok) throw new Error(`add tyre: ${res.status} ${await res.text()}`);
  return (await res.json()) as { _id: string };
}

/** Adds the models' sizes and pictures; answers each model's id and its sizes' ids. */
async function addModels(stack: Stack, admin: string) {
  const models: Array<{ id: string; sizes: string[] }> = [];
  for (let m = 0; m < MODELS; m += 1) {
    const sizes: string[] = [];
    for (const [s, [width, aspect, rim, load, speed]] of SIZE_LIST.slice(0, SIZES).entries()) {
      const made = await addTyre(stack, admin, {
        name: `Benchmodel${m} Touring ${width}/${aspect} R${rim} ${load}${speed}`,
        description: `Touring tyre of model ${m}, size ${s + 1} of ${SIZES}.`,
        price: 70 + m + s * 9,
        orderquantity: 1,
        availableauantity: 20 + s,
        img: '/images/products/summer-tyre.svg',
        category: 'tyre',
        width,
        aspect,
        rim,
        season: 'summer',
        loadIndex: load,
        speedRating: speed,
        euLabel: {
          fuel: CLASSES[(m + s) % 5],
          wetGrip: CLASSES[(m + 2 * s) % 5],
          noiseDb: 68 + (s % 5),
          noiseClass: 'B',
          snow: false,
          ice: false,
          eprel: null,
        },
      });
      sizes.push(made._id);
    }
    const model = (await (
      await fetch(`${stack.baseUrl}/api/product/${sizes[0]}/model`)
    ).json()) as {
      _id: string;
      sizes: unknown[];
    };
    if (model.sizes.length !== SIZES) throw new Error(`model ${m} has ${model.sizes.length} sizes`);
    for (let p = 0; p < PICTURES; p += 1) {
      const res = await fetch(`${stack.baseUrl}/api/models/${model._id}/pictures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({
          url:
            p % 2 === 0
              ? '/images/products/summer-tyre.svg'
              : '/images/products/performance-tyre.svg',
          alt: `Benchmodel${m} Touring, picture ${p + 1}`,
        }),
      });
      if (!res.ok) throw new Error(`picture: ${res.status} ${await res.text()}`);
    }
    models.push({ id: model._id, sizes });
  }
  return models;
}

/** One page as a browser asks for it; its time, and a check that it is the model's HTML. */
async function timePage(stack: Stack, path: string, name: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${stack.baseUrl}${path}`, {
    headers: { accept: 'text/html', 'accept-encoding': 'br' },
  });
  const html = await res.text();
  const ms = performance.now() - started;
  if (!res.ok || !html.includes(`>${name}</h1>`)) {
    throw new Error(`${path} answered ${res.status} without the model's page`);
  }
  return ms;
}

/**
 * Each page rendered by the SPA's server build as the API renders it, its calls sent to the
 * store's API over loopback (the API answers them in-process; here they cross a socket, a
 * little slower): the render's own time, without compression or the page cache.
 */
async function timeRenders(stack: Stack, paths: string[]): Promise<number[]> {
  const file = path.resolve(__dirname, '..', 'dist', 'server', 'renderPage.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- built by webpack
  const built = require(file) as PageRendererModule;
  const renderer = built.createPageRenderer((request) => {
    const { pathname, search } = new URL(request.url);
    return fetch(`${stack.baseUrl}${pathname}${search}`, { headers: request.headers });
  });
  const warmUp = paths.slice(0, 20);
  for (const url of warmUp) await renderer.render(url);
  const times: number[] = [];
  for (const url of paths) {
    const started = performance.now();
    const page = await renderer.render(url);
    times.push(performance.now() - started);
    if (page?.status !== 200) throw new Error(`${url} rendered ${page?.status}`);
  }
  return times;
}

export async function measureModelPages(log: (message: string) => void): Promise<ModelPageFigures> {
  if (isStale(SPA)) {
    log('model page: building the SPA and its server renderer');
    await buildSpa();
  }
  const stack = await startStack();
  try {
    const admin = await appToken(stack, ADMIN.email, ADMIN.password);
    log(`model page: adding ${MODELS} models of ${SIZES} sizes, ${PICTURES} pictures each`);
    const models = await addModels(stack, admin);
    // The renderer loads on the first page asked for: not part of any page's time.
    await fetch(`${stack.baseUrl}/about`).then((res) => res.arrayBuffer());

    const pages = [
      ...models.map((model, m) => ({ path: `/model/${model.id}`, name: `Benchmodel${m} Touring` })),
      ...models.map((model, m) => ({
        path: `/model/${model.id}?size=${model.sizes[(m % (SIZES - 1)) + 1]}`,
        name: `Benchmodel${m} Touring`,
      })),
    ];
    log(`model page: ${pages.length} first renders, one at a time`);
    const rendered: number[] = [];
    for (const page of pages) {
      const ms = await timePage(stack, page.path, page.name);
      rendered.push(ms);
      // Renders may take half the API's time: a pause as long keeps every page's turn at once.
      await sleep(ms);
    }
    log('model page: the same pages again, kept');
    const kept: number[] = [];
    for (const page of pages) kept.push(await timePage(stack, page.path, page.name));

    log(`model page: ${pages.length} renders alone, in this process`);
    const render = await timeRenders(
      stack,
      pages.map((page) => page.path),
    );

    const renderP99 = round(p99(render));
    return {
      models: MODELS,
      sizesPerModel: SIZES,
      render: {
        renders: render.length,
        p50Ms: round(median(render)),
        p99Ms: renderP99,
        maxMs: round(Math.max(...render)),
      },
      rendered: {
        requests: rendered.length,
        p50Ms: round(median(rendered)),
        p99Ms: round(p99(rendered)),
        maxMs: round(Math.max(...rendered)),
      },
      kept: { requests: kept.length, p50Ms: round(median(kept)), p99Ms: round(p99(kept)) },
      target: { p99Ms: TARGET_P99_MS, met: renderP99 <= TARGET_P99_MS },
    };
  } finally {
    await stack.stop();
  }
}

if (require.main === module) {
  const log = (message: string) =>
    console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
  measureModelPages(log)
    .then((figures) => console.log(JSON.stringify(figures, null, 2)))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
