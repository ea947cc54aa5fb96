import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PageRenderer, PageRendererModule, SendApiRequest } from '../contract/renderedPages';
import { PageTemplate } from './pageTemplate';

/** The encodings a page is kept in, best first. */
export const PAGE_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** A page as it goes out, with the version of the store's data it was rendered from. */
export interface ServedPage {
  status: number;
  /**
   * The HTML in each encoding, compressed once when rendered rather than per request: tens of
   * kilobytes at brotli's best would cost more CPU than everything else a request does.
   */
  bodies: Record<PageEncoding, Buffer>;
  etag: string;
  version: number;
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

/** How much rendered HTML one API process keeps (any query string makes another page). */
const CACHE_BYTES = 32 * 1024 * 1024;

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

/**
 * The public pages as HTML rendered by the SPA's own server build (`dist/server/renderPage.js`),
 * kept per URL until anything they show changes: `changed()` is called on every notification
 * of the catalogue or the reviews, from any API process, and moves the version on. While those
 * notifications cannot be trusted (`caching()` false), every page is rendered afresh.
 */
export class ServerPages {
  private version = 0;
  private renderer: PageRenderer | null = null;
  private readonly cache = new LRUCache<string, ServedPage>({
    maxSize: CACHE_BYTES,
    sizeCalculation: ({ bodies }) =>
      bodies.br.length + bodies.gzip.length + bodies.identity.length || 1,
  });
  /** Renders under way, so a burst of requests for one page renders it once. */
  private readonly rendering = new Map<string, Promise<ServedPage | null>>();

  constructor(
    private readonly rendererFile: string,
    private readonly template: PageTemplate,
    private readonly send: SendApiRequest,
    private readonly caching: () => boolean,
  ) {}

  /** Null when the SPA was built without its server renderer (or not built). */
  static open(spaDir: string, send: SendApiRequest, caching: () => boolean): ServerPages | null {
    const rendererFile = path.join(spaDir, 'server', 'renderPage.js');
    const chunksFile = path.join(spaDir, 'server', 'page-chunks.json');
    if (!fs.existsSync(rendererFile) || !fs.existsSync(chunksFile)) return null;
    const template = new PageTemplate(
      fs.readFileSync(path.join(spaDir, 'index.html'), 'utf8'),
      JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as Record<string, string[]>,
    );
    return new ServerPages(rendererFile, template, send, caching);
  }

  /** Something pages show (products, stock, prices, reviews) may have changed. */
  changed() {
    this.version += 1;
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

  /** The page at `url` (path and query), or null when it is not rendered on the server. */
  async page(url: string): Promise<ServedPage | null> {
    const cached = this.caching() ? this.cache.get(url) : undefined;
    if (cached?.version === this.version) return cached;
    const key = `${this.version} ${url}`;
    const under = this.rendering.get(key);
    if (under) return under;
    const rendered = this.render(url).finally(() => this.rendering.delete(key));
    this.rendering.set(key, rendered);
    return rendered;
  }

  private async render(url: string): Promise<ServedPage | null> {
    // A change heard of while rendering makes this page stale at once: it keeps the version
    // it started from.
    const version = this.version;
    const page = await this.rendererNow().render(url);
    if (!page) return null;
    const bodies = await encode(this.template.fill(page));
    const served: ServedPage = {
      status: page.status,
      bodies,
      // Weak: the one tag names the page in every encoding.
      etag: `W/"${createHash('sha1').update(bodies.identity).digest('base64url')}"`,
      version,
    };
    if (this.caching()) this.cache.set(url, served);
    return served;
  }
}
