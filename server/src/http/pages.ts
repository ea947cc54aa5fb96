import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  NOT_FOUND_ADDRESS,
  type PageRenderer,
  type PageRendererModule,
  type SendApiRequest,
} from '../contract/renderedPages';
import { PageTemplate } from './pageTemplate';

/** The encodings a page is kept in, best first. */
export const PAGE_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/**
 * A page as it goes out, with the kinds of data it shows and the version of those it was
 * rendered from.
 */
export interface ServedPage {
  status: number;
  /**
   * The HTML in each encoding, compressed once when rendered rather than per request: tens of
   * kilobytes at brotli's best would cost more CPU than everything else a request does.
   */
  bodies: Record<PageEncoding, Buffer>;
  etag: string;
  /** The kinds of the store's data the page shows (RenderedPage.shows). */
  shows: string[];
  /** The versions of what it shows it was rendered from (see ServerPages.stampOf). */
  version: string;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** In the thread pool, off the event loop. */
async function encode(html: string): Promise<Record<PageEncoding, Buffer>> {
  const identity = Buffer.from(html);
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
 * per route), and apart from them the shop's searches and pages, so that searches, however
 * many, never push the landing page out.
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

/** Versions of the store's data: of all of it, and of each kind (PAGE_DATA) by itself. */
interface DataVersions {
  everything: number;
  kinds: ReadonlyMap<string, number>;
}

/**
 * The public pages as HTML rendered by the SPA's own server build (`dist/server/renderPage.js`),
 * kept per page until something it shows changes: `changed(kind)` is called on every
 * notification of the catalogue (`Product`) or the reviews (`Review`), from any API process,
 * and moves that kind's version on, so only the pages that show that kind render again (a new
 * review renders `/`, `/home` and `/review` again, never the shop). `changed()` with no kind (the
 * notifications came back after a loss) drops every page. While those notifications cannot be
 * trusted (`caching()` false), every page is rendered afresh.
 *
 * A page is rendered and kept under its one address (the renderer's `address`): the path as its
 * route writes it and only the query parameters it reads, so `/?x=1`, `/shop?utm_source=y` or
 * any unknown path (one not-found page) never render anything again. Renders are bounded by a
 * RenderQueue.
 */
export class ServerPages {
  private everything = 0;
  private readonly kinds = new Map<string, number>();
  /** Every change of any kind: renders under way are shared within one such moment. */
  private changes = 0;
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
    private readonly log: Pick<FastifyBaseLogger, 'info'> | null = null,
    limits: RenderLimits = RENDER_LIMITS,
  ) {
    this.queue = new RenderQueue(limits);
  }

  /** Null when the SPA was built without its server renderer (or not built). */
  static open(
    spaDir: string,
    send: SendApiRequest,
    caching: () => boolean,
    log: Pick<FastifyBaseLogger, 'info'> | null = null,
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
   * Data of this kind (PAGE_DATA: products with their stock and prices, or reviews) may have
   * changed; without a kind, anything may have.
   */
  changed(kind?: string) {
    this.changes += 1;
    if (kind === undefined) this.everything += 1;
    else this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
  }

  private versionsNow(): DataVersions {
    return { everything: this.everything, kinds: new Map(this.kinds) };
  }

  /** The versions of what a page shows, as one comparable value. */
  private static stampOf(versions: DataVersions, shows: string[]): string {
    const kinds = [...new Set(shows)]
      .sort()
      .map((kind) => `${kind}:${versions.kinds.get(kind) ?? 0}`);
    return [versions.everything, ...kinds].join(' ');
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
    const page = await this.page(address.canonical);
    const status = address.canonical === NOT_FOUND_ADDRESS ? 404 : 200;
    if (page === BUSY) return { kind: 'app', status, why: 'busy' };
    return page ? { kind: 'page', page } : { kind: 'app', status, why: 'failed' };
  }

  private keptFor(canonical: string) {
    return canonical.includes('?') ? this.searches : this.plain;
  }

  /**
   * The page at its canonical address (null: the renderer does not render it), or BUSY when
   * too many renders are ahead of it.
   */
  page(canonical: string): Promise<ServedPage | null | typeof BUSY> {
    const cached = this.caching() ? this.keptFor(canonical).get(canonical) : undefined;
    if (cached && cached.version === ServerPages.stampOf(this.versionsNow(), cached.shows)) {
      return Promise.resolve(cached);
    }
    const key = `${this.changes} ${canonical}`;
    const under = this.rendering.get(key);
    if (under) return under;
    const rendered = this.queue
      .run(() => this.render(canonical), !canonical.includes('?'))
      .finally(() => this.rendering.delete(key));
    this.rendering.set(key, rendered);
    return rendered;
  }

  private async render(canonical: string): Promise<ServedPage | null> {
    // A change heard of while rendering makes this page stale at once: it keeps the versions
    // it started from.
    const versions = this.versionsNow();
    const started = performance.now();
    const page = await this.rendererNow().render(canonical);
    if (!page) return null;
    const bodies = await encode(this.template.fill(page));
    const served: ServedPage = {
      status: page.status,
      bodies,
      // Weak: the one tag names the page in every encoding.
      etag: `W/"${createHash('sha1').update(bodies.identity).digest('base64url')}"`,
      shows: page.shows,
      version: ServerPages.stampOf(versions, page.shows),
    };
    if (this.caching()) this.keptFor(canonical).set(canonical, served);
    this.log?.info(
      { page: canonical, ms: Math.round(performance.now() - started), waiting: this.queue.waiting },
      'page rendered',
    );
    return served;
  }
}
