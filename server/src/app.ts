import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppTokens } from './auth/appToken';
import { GuestBrowsers } from './guests/guestBrowsers';
import { developmentSecret } from './auth/devSecret';
import { createFirebaseVerifier, type IdentityVerifier } from './auth/firebase';
import { createGuards } from './auth/guards';
import { listRoutes } from './auth/routeAccess';
import { CatalogCache, readCatalogNotice } from './catalog/catalogCache';
import { createStockNotices, sendStockNotices } from './catalog/stockNotices';
import type { Config } from './config';
import type { Database } from './db/client';
import { openStoreDatabase } from './storeDatabase';
import { seedIfEmpty } from './db/seed';
import { swaggerOptions } from './docs/document';
import { connectionOptions, limitConnections } from './http/connections';
import { errorBody, frameworkErrors, installErrorHandling } from './http/errors';
import { refuseOtherHosts } from './http/hosts';
import { createIdempotency } from './http/idempotency';
import { installSecurityHeaders } from './http/securityHeaders';
import { changeOf, type ServerPages } from './http/pages';
import { PAGE_DATA, PAGE_VEHICLES } from '../../contract/renderedPages';
import { installSpa } from './http/spa';
import { listedProductIds } from './catalog/productTable';
import { searchSynonymRoutes } from './routes/searchSynonyms';
import { installValidation, refuseControlCharacters } from './http/validation';
import { sendEmailsOnOrderEvents } from './emails/orderEmails';
import { startEmailWorker } from './emails/emailWorker';
import { startImageSweeper } from './images/imageSweeper';
import { startHoldSweeper } from './orders/holdSweeper';
import { startRefundSweeper } from './refunds/refundSweeper';
import { createLocalProvider } from './payments/local';
import type { PaymentProvider } from './payments/provider';
import { createStripeClient, createStripeProvider } from './payments/stripe';
import { bagRoutes } from './routes/bag';
import { carFitRoutes } from './routes/carFit';
import { checkoutRoutes } from './routes/checkout';
import { marketRoutes } from './routes/markets';
import { MarketPriceCache } from './markets/marketPriceCache';
import { readCatalogue, readProducts } from './catalog/productTable';
import { promotionRoutes } from './routes/promotions';
import { chooseTaxProvider } from './tax/chooseTaxProvider';
import { configRoutes } from './routes/config';
import { docsRoutes } from './routes/docs';
import { emailRoutes } from './routes/emails';
import { guestRoutes } from './routes/guests';
import { fittingRoutes } from './routes/fitting';
import { fittingCentreRoutes } from './routes/fittingCentres';
import { appointmentRoutes } from './routes/appointments';
import { guestAppointmentRoutes } from './routes/guestAppointments';
import { stockPlaceRoutes } from './routes/stockPlaces';
import { startFittingReminders } from './emails/fittingReminders';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { orderLifecycleRoutes } from './routes/orderLifecycle';
import { orderRoutes } from './routes/orders';
import { overviewRoutes } from './routes/overview';
import { paymentRoutes } from './routes/payments';
import { productAdminRoutes } from './routes/productAdmin';
import { productCsvRoutes } from './routes/productCsv';
import { productRoutes } from './routes/products';
import { modelRoutes } from './routes/models';
import { ModelHeads } from './models/modelHeads';
import { vehicleCsvRoutes } from './routes/vehicleCsv';
import { vehicleRoutes } from './routes/vehicles';
import { VehicleCache } from './vehicles/vehicleDirectory';
import { readVehicles } from './vehicles/vehicleTable';
import { profileRoutes } from './routes/profiles';
import { reviewRoutes } from './routes/reviews';
import { signInFormRoutes, userRoutes } from './routes/users';
import { auditRoutes } from './routes/audit';
import { staffRoutes } from './routes/staff';

export interface AppOptions {
  /** An already opened database (tests share one); otherwise the app opens its own. */
  database?: Database;
  /** Load the demo catalogue into an empty database (default true). */
  seed?: boolean;
  /** Firebase ID-token verification; firebase-admin unless a test brings its own. */
  verifier?: IdentityVerifier;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isWrite = (request: FastifyRequest) => WRITE_METHODS.has(request.method);

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
    // Only the store's own proxy (the first hop) is believed: the client is the address it
    // appended to X-Forwarded-For. Entries before it are what the client wrote (any address,
    // to dodge a per-address limit or forge the audit trail's).
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 1024 * 1024,
    // An address that cannot be decoded: a 400 in words (Fastify's own body echoes it).
    frameworkErrors,
    ...connectionOptions(config),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Connections over the caps (in all, and from one address) are closed on arrival instead of
  // exhausting memory and sockets.
  limitConnections(app.server, config);
  // Requests naming another host (DNS rebinding) are refused before anything else runs.
  refuseOtherHosts(app, config);

  const seed = options.seed ?? true;
  if (!options.database && !config.databaseUrl) {
    throw new Error('No database: set DATABASE_URL (main.ts starts the embedded one without it)');
  }
  const database =
    options.database ??
    (await openStoreDatabase(config.databaseUrl!, async (db) => {
      if (seed) await seedIfEmpty(db);
    }));
  const { db } = database;
  const stockNotices = createStockNotices(sendStockNotices(db), (err) =>
    app.log.warn(
      { err },
      'stock notice not sent: other API processes may show the old stock until its next change',
    ),
  );
  app.addHook('onClose', async () => {
    // What orders announced is sent before the database closes.
    await stockNotices.flush();
    if (!options.database) await database.close();
  });
  // Every order change writes its emails to the outbox in its transaction, email on or off.
  sendEmailsOnOrderEvents();

  const verifier = options.verifier ?? createFirebaseVerifier(config);
  app.addHook('onClose', () => verifier.close());
  const secret = config.jwtSecret ?? developmentSecret(config.dataDir);
  const tokens = new AppTokens(secret, config.accessTokenTtlSeconds);
  const guards = createGuards(db, tokens);
  const idempotency = createIdempotency(db);

  const catalog = new CatalogCache(stockNotices);
  // Shelf prices per market, from memory while the same notifications tell of every change.
  const marketPrices = new MarketPriceCache(db);
  const catalogue = () =>
    catalog.get(
      () => readCatalogue(db),
      (ids) => readProducts(db, ids),
    );
  // A tyre model's page data and the shop's model cards from memory: its own fields and gallery,
  // its sizes from the catalogue.
  const modelHeads = new ModelHeads(db, catalog, catalogue);
  // Server-rendered pages show products and reviews: a change drops the pages that show what
  // changed.
  let pages: ServerPages | null = null;
  try {
    const unlisten = await database.listen('catalog_changed', {
      onNotify: (payload) => {
        const notice = readCatalogNotice(payload);
        if (notice.what !== 'reviews') catalog.notified(payload);
        marketPrices.notified(notice);
        modelHeads.notified(notice);
        pages?.changed(...changeOf(notice));
      },
      onLost: () => {
        app.log.warn('catalogue notifications lost: serving the catalogue uncached');
        catalog.disable();
        marketPrices.disable();
      },
      onRestored: () => {
        app.log.warn('catalogue notifications back: caching the catalogue again');
        catalog.enable();
        marketPrices.enable();
        // Changes made while nobody listened were never heard of: no page kept from before.
        pages?.changed();
      },
    });
    catalog.enable();
    marketPrices.enable();
    app.addHook('onClose', () => unlisten());
  } catch (err) {
    app.log.warn({ err }, 'no catalogue notifications: serving the catalogue uncached');
  }
  // The "My car" picker's lists, kept in memory while the database tells of every change.
  const vehicles = new VehicleCache(() => readVehicles(db));
  try {
    // The picker's lists are on server-rendered pages too (its steps without the script).
    const vehiclesChanged = () => pages?.changed(PAGE_VEHICLES);
    const unlisten = await database.listen('vehicles_changed', {
      onNotify: () => {
        vehicles.invalidate();
        vehiclesChanged();
      },
      onLost: () => vehicles.disable(),
      onRestored: () => {
        vehicles.enable();
        vehiclesChanged();
      },
    });
    vehicles.enable();
    app.addHook('onClose', () => unlisten());
  } catch (err) {
    app.log.warn({ err }, 'no vehicle notifications: reading the vehicles for every call');
  }
  app.decorateRequest('identity', null);
  const stripe =
    config.payments.provider === 'stripe' && config.payments.stripeSecretKey
      ? createStripeClient({
          secretKey: config.payments.stripeSecretKey,
          apiBase: config.payments.stripeApiBase,
        })
      : null;
  const paymentProvider: PaymentProvider = stripe
    ? createStripeProvider(stripe, db)
    : createLocalProvider(db);
  const taxProvider = chooseTaxProvider(config.payments, stripe);

  const stopSweepers = [
    startHoldSweeper(db, catalog, config.orders.holdSeconds, app.log),
    startImageSweeper(db, config.images.unusedSeconds, app.log),
    startRefundSweeper(db, paymentProvider, config.payments.refundRecheckSeconds, app.log),
    startFittingReminders(db, app.log),
  ];
  // Before the database closes (hooks run in reverse order of adding).
  app.addHook('onClose', async () => stopSweepers.forEach((stop) => stop()));
  // The emails the order changes wrote to the outbox (without email, they wait there).
  if (config.email && config.databaseUrl) {
    const emailWorker = await startEmailWorker({
      db,
      databaseUrl: config.databaseUrl,
      email: config.email,
      publicUrl: config.publicUrl,
      log: app.log,
    });
    app.addHook('onClose', () => emailWorker.stop());
  } else {
    app.log.info('email off: the outbox is kept, nothing is sent (set SMTP_URL)');
  }

  installErrorHandling(app);
  installValidation(app);
  refuseControlCharacters(app);
  installSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    // Writes are limited per client address, before anything else runs for them (the sign-in
    // guards run later, at preValidation). Reads are not: the catalogue must stay fast.
    max: config.rateLimits.writesPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !isWrite(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody(429, `Too many requests: try again in ${context.after}.`),
    }),
  });
  await app.register(swagger, swaggerOptions);
  // Every route from here on is listed with the permission its guard enforces.
  listRoutes(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(configRoutes, { config });
      await api.register(productRoutes, {
        db,
        guards,
        catalog,
        idempotency,
        vehicles,
        prices: marketPrices,
        models: modelHeads,
      });
      await api.register(vehicleRoutes, { vehicles });
      await api.register(vehicleCsvRoutes, { db, guards, vehicles });
      await api.register(productAdminRoutes, { db, guards, catalog });
      await api.register(modelRoutes, { db, guards, models: modelHeads });
      await api.register(productCsvRoutes, {
        db,
        guards,
        catalog,
        marketPrices,
        pictureSources: { hosts: config.pictureHosts, policy: config.images },
      });
      await api.register(searchSynonymRoutes, { db, guards, catalog });
      await api.register(reviewRoutes, {
        db,
        guards,
        idempotency,
        reviewsChanged: () => pages?.changed(PAGE_DATA.reviews),
      });
      await api.register(userRoutes, {
        db,
        guards,
        verifier,
        tokens,
        adminEmails: config.adminEmails,
        tokenExchangePerMinute: config.rateLimits.tokenExchangePerMinute,
      });
      await api.register(orderRoutes, {
        db,
        guards,
        paymentProvider,
        catalog,
        holds: config.orders,
        idempotency,
        emailVerified: (uid) => verifier.emailVerified(uid),
      });
      await api.register(orderLifecycleRoutes, {
        db,
        guards,
        paymentProvider,
        catalog,
        idempotency,
      });
      await api.register(overviewRoutes, { db, guards, timeZone: config.storeTimeZone });
      await api.register(emailRoutes, { db, guards });
      await api.register(paymentRoutes, {
        db,
        guards,
        paymentProvider,
        holds: config.orders,
        timeZone: config.storeTimeZone,
        stripeWebhook:
          stripe && config.payments.stripeWebhookSecret
            ? { stripe, secret: config.payments.stripeWebhookSecret }
            : null,
      });
      await api.register(bagRoutes, { db, guards, idempotency });
      await api.register(checkoutRoutes, {
        db,
        guards,
        paymentProvider,
        taxProvider,
        catalog,
        holds: config.orders,
        idempotency,
        emailVerified: (uid) => verifier.emailVerified(uid),
        timeZone: config.storeTimeZone,
        vehicles,
        markets: marketPrices,
      });
      await api.register(carFitRoutes, { db, guards, vehicles, timeZone: config.storeTimeZone });
      await api.register(guestRoutes, {
        db,
        paymentProvider,
        taxProvider,
        catalog,
        holds: config.orders,
        emailVerified: (uid) => verifier.emailVerified(uid),
        timeZone: config.storeTimeZone,
        browsers: new GuestBrowsers(secret),
        vehicles,
      });
      await api.register(marketRoutes, {
        db,
        guards,
        prices: marketPrices,
        catalogue,
      });
      await api.register(promotionRoutes, { db, guards, timeZone: config.storeTimeZone });
      await api.register(fittingRoutes, { db, guards, timeZone: config.storeTimeZone });
      await api.register(fittingCentreRoutes, { db, guards, vehicles });
      await api.register(appointmentRoutes, { db, guards, paymentProvider });
      await api.register(guestAppointmentRoutes, { db, paymentProvider });
      await api.register(stockPlaceRoutes, { db, guards });
      await api.register(profileRoutes, { db, guards });
      await api.register(imageRoutes, {
        db,
        guards,
        policy: config.images,
        imgbb: config.imgbbKey ? { uploadUrl: config.imgbbUploadUrl, key: config.imgbbKey } : null,
      });
      await api.register(staffRoutes, {
        db,
        guards,
        emailVerified: (uid) => verifier.emailVerified(uid),
      });
      await api.register(auditRoutes, { db, guards });
      await api.register(docsRoutes);
    },
    { prefix: '/api' },
  );

  // The sign-in forms posted without JavaScript: the page again, nothing read or kept.
  await app.register(signInFormRoutes);
  pages = await installSpa(
    app,
    config.spaDir,
    () => catalog.isTrusted && vehicles.isTrusted,
    config.publicUrl,
    (limit) => listedProductIds(db, limit),
  );
  return app;
}
