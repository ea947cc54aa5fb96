import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CatalogNotice } from '../catalog/catalogCache';
import {
  NOT_FOUND_ADDRESS,
  PAGE_DATA,
  PAGE_LISTS,
  PAGE_MODELS,
  type PageRenderer,
  type PageRendererModule,
  type SendApiRequest,
} from '../../../contract/renderedPages';
import { productPath } from './crawlers';
import { PageTemplate } from './pageTemplate';

/** The encodings a page is kept in, best first. */
export const PAGE_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/**
 * A page as it goes out, with what it shows and the moment it was rendered from.
 */
export interface ServedPage {
  status: number;
  /**
   * The HTML in each encoding, compressed once when rendered rather than per request: tens of
   * kilobytes at brotli's best would cost more CPU than everything else a request does.
   */
  bodies: Record<PageEncoding, Buffer>;
  etag: string;
  /** What the page shows: its tags (RenderedPage.shows). */
  shows: string[];
  /** The changes heard of when its render started (ServerPages counts them). */
  renderedAt: number;
  /** The UTC year it was rendered in (RenderedPage.year). */
  year: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The page's first answer, in the thread pool (off the event loop): brotli and gzip at their
 * quick levels (a few milliseconds for a page), so the shopper who asked never waits for the
 * best compression, which takes several times the render itself.
 */
async function encodeQuickly(html: string): Promise<Record<PageEncoding, Buffer>> {
  const identity = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 6 }),
  ]);
  return { br, gzip: gzipped, identity };
}

/** The kept page at the best compression, made after its first answer went out. */
async function encodeBest(identity: Buffer): Promise<Record<PageEncoding, Buffer>> {
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gzipped, identity };
}

/**
 * How much rendered HTML one API process keeps: the pages at a plain address (a handful, one
 * per route), and apart from them the shop's searches and pages and the products' pages
 * (PageAddress.oneOfMany), so that those, however many, never push the landing page out.
 */
const PLAIN_PAGES_BYTES = 8 * 1024 * 1024;
const SEARCH_PAGES_BYTES = 24 * 1024 * 1024;

/**
 * The bound on rendering, per API process: one page renders at a time, and renders take at most
 * `share` of the time (half: the API keeps answering whatever pages are asked for). A budget of
 * render time fills at that rate up to `burstMs`, so after a quiet spell a few pages render back
 * to back without waiting (a store that just started, or whose catalogue just changed); once it
 * is spent, the next render waits until it is back. At most `waiting` searches queue, each for at
 * most `waitMs`; a search beyond that is answered with the bare app (`index.html`), which the
 * browser renders itself. The pages at a plain address (one per route, kept once rendered) go
 * ahead of searches, are never refused for a full queue and wait up to `plainWaitMs`: however
 * many searches are asked for, the landing page renders in its turn.
 */
export interface RenderLimits {
  waiting: number;
  waitMs: number;
  plainWaitMs: number;
  share: number;
  burstMs: number;
}
export const RENDER_LIMITS: RenderLimits = {
  waiting: 8,
  waitMs: 3000,
  plainWaitMs: 10_000,
  share: 0.5,
  burstMs: 2000,
};

/** What RenderQueue.run gives when the job's turn would not come soon enough. */
export const BUSY = Symbol('renders busy');

/** One render at a time, within a budget of render time, and a short queue (see RenderLimits). */
export class RenderQueue {
  private busy = false;
  /** Waiting: the first ones first, those that go ahead (`first`) before the others. */
  private readonly queue: Array<{ start: () => void; first: boolean }> = [];
  /** Render time that may be spent now (ms), as of `filledAt`; below 0 after a long render. */
  private budget: number;
  private filledAt = performance.now();

  constructor(private readonly limits: RenderLimits = RENDER_LIMITS) {
    this.budget = limits.burstMs;
  }

  private fill() {
    const now = performance.now();
    this.budget = Math.min(
      this.limits.burstMs,
      this.budget + (now - this.filledAt) * this.limits.share,
    );
    this.filledAt = now;
  }

  /** Renders waiting for their turn, now. */
  get waiting() {
    return this.queue.length;
  }

  /**
   * Runs `job` in its turn; BUSY when its turn would not come soon enough (nothing ran). A job
   * that goes `first` waits behind the render under way and the other such jobs only.
   */
  async run<T>(job: () => Promise<T>, first = false): Promise<T | typeof BUSY> {
    if (!(await this.turn(first))) return BUSY;
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.fill();
      this.budget -= performance.now() - started;
      // Spent beyond the budget: the next render waits until it is back to nothing owed.
      if (this.budget >= 0) this.next();
      else setTimeout(() => this.next(), -this.budget / this.limits.share).unref();
    }
  }

  private turn(first: boolean): boolean | Promise<boolean> {
    if (!this.busy) {
      this.busy = true;
      return true;
    }
    if (!first && this.queue.length >= this.limits.waiting) return false;
    return new Promise<boolean>((resolve) => {
      const waiter = {
        first,
        start: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(
        () => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          resolve(false);
        },
        first ? this.limits.plainWaitMs : this.limits.waitMs,
      );
      timer.unref();
      const behind = first ? this.queue.findIndex((one) => !one.first) : -1;
      if (behind < 0) this.queue.push(waiter);
      else this.queue.splice(behind, 0, waiter);
    });
  }

  /** The slot passes to the first in the queue, or is free. */
  private next() {
    const waiter = this.queue.shift();
    if (waiter) waiter.start();
    else this.busy = false;
  }
}

/**
 * What a request for a page is answered with: the page; a redirect to the page's own address;
 * or the bare app for the browser to render (signed-in pages, a render that failed, or renders
 * busy), with the page's status when it is known (404 for the not-found page).
 */
export type PageAnswer =
  | { kind: 'page'; page: ServedPage }
  | { kind: 'moved'; to: string }
  | { kind: 'app'; status: number; why: 'signed-in' | 'busy' | 'failed' };

/**
 * Answers the renderer's API calls from this process (`app.inject`): no socket, the same
 * routes, hooks and answers a browser would get, signed out.
 */
export function sendThrough(app: FastifyInstance): SendApiRequest {
  return async (request) => {
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one !== undefined) headers.append(name, String(one));
      }
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

const keptPages = (maxSize: number) =>
  new LRUCache<string, ServedPage>({
    maxSize,
    sizeCalculation: ({ bodies }) =>
      bodies.br.length + bodies.gzip.length + bodies.identity.length || 1,
  });

/**
 * What a notification on `catalog_changed` changed, as the tags of the pages that show it
 * (ServerPages.changed's arguments; RenderedPage.shows): the reviews; one product's stock (the
 * pages that show it, and the lists of products in stock, which it may have joined or left);
 * anything else of one product (those pages, and every list of products: its price, name or
 * status may have moved it in, out or along one); one product's own price in a market (the
 * pages that show it); a model's pictures (its pages); a market's settings or anything in the
 * catalogue (every page of products).
 */
export function changeOf(notice: CatalogNotice): [kind: string, ids?: string[]] {
  switch (notice.what) {
    case 'reviews':
      return [PAGE_DATA.reviews];
    case 'stock':
      return [PAGE_DATA.products, [notice.id, PAGE_LISTS.inStock]];
    case 'product':
      return [PAGE_DATA.products, [notice.id, PAGE_LISTS.all]];
    case 'model':
      return [PAGE_MODELS, [notice.id]];
    case 'marketPrice':
      // Its shelf prices are tagged with the product (the SPA's getShelfPrices).
      return [PAGE_DATA.products, [notice.id]];
    case 'markets':
    case 'catalogue':
      return [PAGE_DATA.products];
  }
}

/**
 * The public pages as HTML rendered by the SPA's own server build (`dist/server/renderPage.js`),
 * kept per page until something it shows changes. Each page says what it shows as tags
 * (`Product:<id>`, `Product:LIST`, `Review:LIST`, …); `changed(kind, ids)` is called on every
 * notification of the catalogue or the reviews (changeOf), from any API process, so only the
 * pages that show what changed render again: an order renders again the pages that show its
 * product (and lists of products in stock), never the other pages of the shop; a new review
 * renders `/`, `/home` and `/review` again, never the shop. `changed(kind)` touches every page
 * that shows that kind; `changed()` with no kind (the notifications came back after a loss)
 * drops every page. While those notifications cannot be trusted (`caching()` false), every page
 * is rendered afresh.
 *
 * A page is rendered and kept under its one address (the renderer's `address`): the path as its
 * route writes it and only the query parameters it reads, so `/?x=1`, `/shop?utm_source=y` or
 * any unknown path (one not-found page) never render anything again. Renders are bounded by a
 * RenderQueue.
 */
export class ServerPages {
  /**
   * Every change heard of, counted: the clock of the moments below. Renders under way are
   * shared within one such moment.
   */
  private changes = 0;
  /** When everything last changed (`changed()`). */
  private everythingAt = 0;
  /** Per kind, when it last changed as a whole (`changed(kind)`). */
  private readonly kindAt = new Map<string, number>();
  /** Per kind, when any of it last changed: what a page tagged with the bare kind shows. */
  private readonly anyAt = new Map<string, number>();
  /** Per `kind:id` tag, when that item or list last changed by itself. */
  private readonly tagAt = new Map<string, number>();
  private renderer: PageRenderer | null = null;
  private readonly plain = keptPages(PLAIN_PAGES_BYTES);
  private readonly searches = keptPages(SEARCH_PAGES_BYTES);
  /** Renders under way, so a burst of requests for one page renders it once. */
  private readonly rendering = new Map<string, Promise<ServedPage | null | typeof BUSY>>();
  private readonly queue: RenderQueue;

  constructor(
    private readonly rendererFile: string,
    private readonly template: PageTemplate,
    private readonly send: SendApiRequest,
    private readonly caching: () => boolean,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'> | null = null,
    limits: RenderLimits = RENDER_LIMITS,
  ) {
    this.queue = new RenderQueue(limits);
  }

  /** Null when the SPA was built without its server renderer (or not built). */
  static open(
    spaDir: string,
    send: SendApiRequest,
    caching: () => boolean,
    log: Pick<FastifyBaseLogger, 'info' | 'warn'> | null = null,
  ): ServerPages | null {
    const rendererFile = path.join(spaDir, 'server', 'renderPage.js');
    const chunksFile = path.join(spaDir, 'server', 'page-chunks.json');
    if (!fs.existsSync(rendererFile) || !fs.existsSync(chunksFile)) return null;
    const template = new PageTemplate(
      fs.readFileSync(path.join(spaDir, 'index.html'), 'utf8'),
      JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as Record<string, string[]>,
    );
    return new ServerPages(rendererFile, template, send, caching, log);
  }

  /**
   * These items or lists of a kind (PAGE_DATA) changed: the tags `kind:id`. Without `ids`,
   * anything of that kind may have changed; without a kind, anything at all.
   */
  changed(kind?: string, ids?: readonly string[]) {
    this.changes += 1;
    const now = this.changes;
    if (kind === undefined) {
      this.everythingAt = now;
      this.tagAt.clear();
      return;
    }
    this.anyAt.set(kind, now);
    if (ids) {
      for (const id of ids) this.tagAt.set(`${kind}:${id}`, now);
      return;
    }
    this.kindAt.set(kind, now);
    // Their moments are now older than the kind's: forgotten, so this holds no more tags than
    // there are items changed since.
    for (const tag of this.tagAt.keys()) if (tag.startsWith(`${kind}:`)) this.tagAt.delete(tag);
  }

  /** When anything a page shows last changed. */
  private lastChangeOf(shows: readonly string[]): number {
    let last = this.everythingAt;
    for (const tag of shows) {
      const colon = tag.indexOf(':');
      const at =
        colon < 0
          ? (this.anyAt.get(tag) ?? 0)
          : Math.max(this.kindAt.get(tag.slice(0, colon)) ?? 0, this.tagAt.get(tag) ?? 0);
      if (at > last) last = at;
    }
    return last;
  }

  /**
   * Loaded on the first page asked for, not at start: React's server renderer and the pages
   * weigh on the memory of a process that may only ever answer the API.
   */
  private rendererNow(): PageRenderer {
    if (!this.renderer) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- built by webpack at run time
      const loaded = require(this.rendererFile) as PageRendererModule;
      this.renderer = loaded.createPageRenderer(this.send);
    }
    return this.renderer;
  }

  /** The address of every public page (for the sitemap). */
  publicPaths(): string[] {
    return this.rendererNow().publicPaths();
  }

  /**
   * The answer to a request for `url` (its path and query as they arrived). A render that
   * throws is thrown: the caller logs it and serves the bare app.
   */
  async answer(url: string): Promise<PageAnswer> {
    const address = this.rendererNow().address(url);
    if (!address) return { kind: 'app', status: 200, why: 'signed-in' };
    if (address.moved) return { kind: 'moved', to: address.canonical };
    const page = await this.page(address.canonical, address.oneOfMany);
    const status = address.canonical === NOT_FOUND_ADDRESS ? 404 : 200;
    if (page === BUSY) {
      const missing = status === 200 && (await this.productMissing(address.canonical));
      return { kind: 'app', status: missing ? 404 : status, why: 'busy' };
    }
    return page ? { kind: 'page', page } : { kind: 'app', status, why: 'failed' };
  }

  /**
   * Whether the address is a product's page for a product the catalogue does not have, asked of
   * the API (no render): a page not rendered for busy renders still answers 404 when it is one.
   */
  private async productMissing(canonical: string): Promise<boolean> {
    const prefix = productPath('');
    if (!canonical.startsWith(prefix)) return false;
    const id = canonical.slice(prefix.length);
    const answer = await this.send(new Request(`http://localhost/api/productDetails/${id}`));
    await answer.arrayBuffer();
    return answer.status === 404 || answer.status === 400;
  }

  private keptFor(oneOfMany: boolean) {
    return oneOfMany ? this.searches : this.plain;
  }

  /**
   * The page at its canonical address (null: the renderer does not render it), or BUSY when
   * too many renders are ahead of it.
   */
  page(
    canonical: string,
    oneOfMany = canonical.includes('?'),
  ): Promise<ServedPage | null | typeof BUSY> {
    const cached = this.caching() ? this.keptFor(oneOfMany).get(canonical) : undefined;
    // A page from last year would show last year in its footer: rendered again in the new one.
    const current =
      cached?.year === new Date().getUTCFullYear() &&
      this.lastChangeOf(cached.shows) <= cached.renderedAt;
    if (cached && current) {
      return Promise.resolve(cached);
    }
    const key = `${this.changes} ${canonical}`;
    const under = this.rendering.get(key);
    if (under) return under;
    const rendered = this.queue
      .run(() => this.render(canonical, oneOfMany), !oneOfMany)
      .finally(() => this.rendering.delete(key));
    this.rendering.set(key, rendered);
    return rendered;
  }

  /** Swaps a kept page's bodies for the best compression, unless it was replaced meanwhile. */
  private async keepBestCompressed(canonical: string, served: ServedPage, oneOfMany: boolean) {
    try {
      const bodies = await encodeBest(served.bodies.identity);
      const kept = this.keptFor(oneOfMany);
      if (kept.peek(canonical) === served) kept.set(canonical, { ...served, bodies });
    } catch (err) {
      this.log?.warn({ err, page: canonical }, 'page kept at its quick compression');
    }
  }

  private async render(canonical: string, oneOfMany: boolean): Promise<ServedPage | null> {
    // A change heard of while rendering makes this page stale at once: it keeps the moment it
    // started from.
    const renderedAt = this.changes;
    const started = performance.now();
    const page = await this.rendererNow().render(canonical);
    if (!page) return null;
    const bodies = await encodeQuickly(this.template.fill(page));
    const served: ServedPage = {
      status: page.status,
      bodies,
      // Weak: the one tag names the page in every encoding.
      etag: `W/"${createHash('sha1').update(bodies.identity).digest('base64url')}"`,
      shows: page.shows,
      renderedAt,
      year: page.year,
    };
    if (this.caching()) {
      this.keptFor(oneOfMany).set(canonical, served);
      void this.keepBestCompressed(canonical, served, oneOfMany);
    }
    this.log?.info(
      { page: canonical, ms: Math.round(performance.now() - started), waiting: this.queue.waiting },
      'page rendered',
    );
    return served;
  }
}
