import type { FastifyInstance } from 'fastify';
import type { ServerPages } from './pages';

/** Signed-in pages (the bare app to a crawler) and the API: nothing there to list. */
const PRIVATE_PATHS = ['/api/', '/dashboard', '/productdetails/'];

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/**
 * `robots.txt` and `sitemap.xml` for search engines: the public pages, which the server
 * renders, and where the sitemap is. Both name absolute addresses, at the store's configured
 * public address (`PUBLIC_URL`), never at the Host a request names: anyone can send any Host,
 * and a cache in front would keep their sitemap for everyone.
 */
export function installCrawlerFiles(app: FastifyInstance, pages: ServerPages, origin: string) {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) => {
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
