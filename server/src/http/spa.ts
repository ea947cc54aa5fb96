import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { errorBody } from './errors';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA at `/`: hashed files cached for a year, everything else (`index.html`,
 * images) revalidated, and every unknown non-API GET answered with `index.html` so client
 * routes survive a reload. Unknown `/api` paths answer a JSON 404 instead, and so do unknown
 * built files: a page left open across a deploy asks for chunks that are gone, and HTML in
 * their place would fail as a script instead of as a missing chunk the SPA retries.
 */
export async function installSpa(app: FastifyInstance, spaDir: string | null) {
  const indexFile = spaDir ? path.join(spaDir, 'index.html') : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);

  if (hasSpa && spaDir) {
    await app.register(fastifyStatic, {
      root: spaDir,
      wildcard: false,
      index: false,
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isBuiltFile = pathname.startsWith('/static/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || isBuiltFile || !hasSpa || !wantsPage) {
      return reply.status(404).send(errorBody(404, `No such route: ${request.method} ${pathname}`));
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
