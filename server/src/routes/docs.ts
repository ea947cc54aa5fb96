import accepts from '@fastify/accepts';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import path from 'node:path';

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const UI_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png']);
const UI_PREFIX = '/api/docs/ui/';
const JSON_URL = '/api/docs/openapi.json';
// The package's folder, without loading its 1.4 MB bundle into the server.
const UI_ROOT = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** The page: no inline script or style, so it runs under the store's Content-Security-Policy. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tyre &amp; Auto Parts Store API</title>
    <link rel="icon" type="image/png" href="${UI_PREFIX}favicon-32x32.png" />
    <link rel="stylesheet" href="${UI_PREFIX}swagger-ui.css" />
  </head>
  <body>
    <div id="api-docs"></div>
    <script src="${UI_PREFIX}swagger-ui-bundle.js"></script>
    <script src="${UI_PREFIX}start.js"></script>
  </body>
</html>
`;

/**
 * Starts Swagger UI on the published document. No authorisation is remembered across page
 * loads: a pasted token stays in this tab's memory only.
 */
const START = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(JSON_URL)},
  dom_id: '#api-docs',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

/**
 * The API's description, under `/api`: `GET /docs/openapi.json` is the OpenAPI document,
 * `GET /docs` is the page to read it (Swagger UI, served from the npm package, so it works
 * offline) for a browser, and still the document for clients asking for JSON or anything.
 */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accepts);
  // The SPA's @fastify/static (registered later, at the root) owns reply.sendFile.
  await app.register(fastifyStatic, {
    root: UI_ROOT,
    prefix: '/docs/ui/',
    decorateReply: false,
    index: false,
    allowedPath: (pathname) => UI_FILES.has(pathname),
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=86400'),
  });

  const hidden = { schema: { hide: true } };
  const document = () => app.swagger();

  app.get('/docs/openapi.json', hidden, async () => document());
  app.get('/docs/ui/start.js', hidden, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(START),
  );
  app.get('/docs', hidden, async (request, reply) => {
    // A browser lists text/html first; fetch, curl and API clients send */* or JSON.
    reply.header('vary', 'accept');
    if (request.accepts().type(['json', 'html']) === 'html') {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE);
    }
    return document();
  });
};
