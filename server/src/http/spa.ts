import fastifyAccepts from '@fastify/accepts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { installCrawlerFiles, type ListedProducts } from './crawlers';
import { errorBody } from './errors';
import { PAGE_ENCODINGS, sendThrough, ServerPages, type PageAnswer } from './pages';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA at `/`: hashed files cached for a year, everything else (`index.html`,
 * images) revalidated. Public pages (`/`, `/shop`, …, and unknown paths with a 404) answer as
 * HTML the server rendered (ServerPages); signed-in pages answer `index.html` for the browser
 * to render, so client routes survive a reload. Unknown `/api` paths answer a JSON 404 instead,
 * and so do unknown built files: a page left open across a deploy asks for chunks that are
 * gone, and HTML in their place would fail as a script instead of as a missing chunk the SPA
 * retries. The server renderer's own files (`server/`) are never served.
 *
 * Returns the server-rendered pages (null without a server build), whose cache the caller
 * drops when what they show changes; `caching` says whether it may keep them at all.
 */
export async function installSpa(
  app: FastifyInstance,
  spaDir: string | null,
  caching: () => boolean,
  /** The store's public address (`PUBLIC_URL`), for robots.txt and the sitemap. */
  publicUrl: string,
  /** The products whose pages the sitemap lists. */
  listedProducts: ListedProducts,
): Promise<ServerPages | null> {
  const indexFile = spaDir ? path.join(spaDir, 'index.html') : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);
  const pages =
    hasSpa && spaDir ? ServerPages.open(spaDir, sendThrough(app), caching, app.log) : null;

  if (hasSpa && spaDir) {
    await app.register(fastifyStatic, {
      root: spaDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
      // Cache headers are ours (setHeaders), not send's defaults.
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(spaDir, filePath);
        res.setHeader(
          'cache-control',
          relative.startsWith(`static${path.sep}`)
            ? `public, max-age=${YEAR_SECONDS}, immutable`
            : 'no-cache',
        );
      },
    });
  }

  if (pages) installCrawlerFiles(app, pages, publicUrl, listedProducts);

  /** Paths that are never a page: the API, built files and the renderer's own. */
  const notAPage = (pathname: string) =>
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/static/') ||
    pathname.startsWith('/server/');
  const noSuchRoute = (request: FastifyRequest, reply: FastifyReply, pathname: string) =>
    reply.status(404).send(errorBody(404, `No such route: ${request.method} ${pathname}`));

  if (hasSpa) {
    await app.register(fastifyAccepts);
    // Every other GET (and HEAD) is a page. A route, not the not-found handler, so that it gets
    // the hooks of a route; the compression is the page's own, done once (ServerPages).
    app.get('/*', { compress: false, schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (notAPage(pathname)) return noSuchRoute(request, reply, pathname);
      const answer: PageAnswer = pages
        ? await pages.answer(request.url).catch((err: unknown) => {
            // The browser can still render it: serve the bare app rather than an error.
            request.log.error({ err, url: request.url }, 'server rendering failed');
            return { kind: 'app', status: 200, why: 'failed' } as const;
          })
        : { kind: 'app', status: 200, why: 'signed-in' };
      // Another way of writing a page's address (`/Shop/`, `//shop`): its own, so that a link
      // or a bookmark ends up there and the page is kept once.
      if (answer.kind === 'moved') return reply.redirect(answer.to, 301);
      if (answer.kind === 'app') {
        // Renders busy: the bare app, which the browser renders, costs no render.
        if (answer.why === 'busy') request.log.info({ url: request.url }, 'renders busy: bare app');
        return reply.status(answer.status).type('text/html; charset=utf-8').sendFile('index.html');
      }
      const { page } = answer;
      reply
        .header('cache-control', 'no-cache')
        .header('etag', page.etag)
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      // Ours is the order that counts (browsers list gzip before br): the smallest accepted.
      const encoding =
        PAGE_ENCODINGS.find((one) => one === 'identity' || request.encoding([one]) === one) ??
        'identity';
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.status(page.status).type('text/html; charset=utf-8').send(page.bodies[encoding]);
    });
  }

  app.setNotFoundHandler((request, reply) =>
    noSuchRoute(request, reply, request.url.split('?')[0] ?? '/'),
  );
  return pages;
}
