import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerPages } from './pages';

/** Signed-in pages (the bare app to a crawler) and the API: nothing there to list. */
const PRIVATE_PATHS = ['/api/', '/dashboard', '/productdetails/'];

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** The store's address as this request reached it (behind a proxy: as the proxy says). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * `robots.txt` and `sitemap.xml` for search engines: the public pages, which the server
 * renders, and where the sitemap is. Both name absolute addresses, so they are written per
 * request from the address the store was reached at.
 */
export function installCrawlerFiles(app: FastifyInstance, pages: ServerPages) {
  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) => {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${originOf(request)}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => {
    const origin = originOf(request);
    const urls = pages
      .publicPaths()
      .map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
}
