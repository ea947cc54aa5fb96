import compress from '@fastify/compress';
import sensible from '@fastify/sensible';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './db/seed';
import { installErrorHandling } from './http/errors';
import { installSecurityHeaders } from './http/securityHeaders';
import { installSpa } from './http/spa';
import { configRoutes } from './routes/config';
import { healthRoutes } from './routes/health';
import { productRoutes } from './routes/products';
import { reviewRoutes } from './routes/reviews';

export interface AppOptions {
  /** An already opened database (tests share one); otherwise the app opens its own. */
  database?: Database;
  /** Load the demo catalogue into an empty database (default true). */
  seed?: boolean;
}

/**
 * Builds the whole API (and the SPA host) without listening, so tests drive it with
 * `app.inject` and `main.ts` only adds the port and the signals.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    },
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Answers `{ error, message }` for malformed JSON like any other bad input.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const seed = options.seed ?? true;
  const database =
    options.database ??
    (await openDatabase(config, async (db) => {
      if (seed) await seedIfEmpty(db);
    }));
  if (!options.database) app.addHook('onClose', () => database.close());

  installErrorHandling(app);
  await app.register(sensible);
  await installSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(configRoutes, { config });
      await api.register(productRoutes, { db: database.db });
      await api.register(reviewRoutes, { db: database.db });
    },
    { prefix: '/api' },
  );

  await installSpa(app, config.spaDir);
  return app;
}
