import type { FastifyInstance } from 'fastify';
import type { ServerPages } from './pages';

/** Signed-in pages (the bare app to a crawler) and the API: nothing there to list. */
const PRIVATE_PATHS = ['/api/', '/dashboard'];

/** The most addresses one sitemap may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** A product's page, as the SPA's route writes it. */
export const productPath = (id: string) => `/productdetails/${encodeURIComponent(id)}`;

/** The ids of the products whose pages the sitemap lists, at most `limit`. */
export type ListedProducts = (limit: number) => Promise<string[]>;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/**
 * `robots.txt` and `sitemap.xml` for search engines: the public pages, which the server
 * renders (each product's page too), and where the sitemap is. Both name absolute addresses, at the store's configured
 * public address (`PUBLIC_URL`), never at the Host a request names: anyone can send any Host,
 * and a cache in front would keep their sitemap for everyone.
 */
export function installCrawlerFiles(
  app: FastifyInstance,
  pages: ServerPages,
  origin: string,
  listedProducts: ListedProducts,
) {
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

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const paths = pages.publicPaths();
    // Each product's page after the store's pages, as many as one sitemap holds.
    const products = await listedProducts(SITEMAP_MAX_URLS - paths.length);
    const urls = [...paths, ...products.map(productPath)].map(
      (path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`,
    );
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
