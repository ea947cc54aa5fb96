import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { installCrawlerFiles } from './crawlers';
import { errorBody } from './errors';
import { sendThrough, ServerPages } from './pages';

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
): Promise<ServerPages | null> {
  const indexFile = spaDir ? path.join(spaDir, 'index.html') : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);
  const pages = hasSpa && spaDir ? ServerPages.open(spaDir, sendThrough(app), caching) : null;

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

  if (pages) installCrawlerFiles(app, pages);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const page = await pages?.page(request.url).catch((err: unknown) => {
      // The browser can still render it: serve the bare app rather than an error.
      request.log.error({ err, url: request.url }, 'server rendering failed');
      return null;
    });
    if (!page) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    reply.header('cache-control', 'no-cache').header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isBuiltFile = pathname.startsWith('/static/') || pathname.startsWith('/server/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || isBuiltFile || !hasSpa || !wantsPage) {
      return reply.status(404).send(errorBody(404, `No such route: ${request.method} ${pathname}`));
    }
    return sendPage(request, reply);
  });
  return pages;
}
