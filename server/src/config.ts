import path from 'node:path';
import type { HostName } from './environment/hostName';
import {
  ConfigError,
  isSet,
  readEnvironment,
  readVariable,
  type Env,
  type Environment,
} from './environment/read';

export { ConfigError };

/** Everything the API needs from its environment, typed and checked once at start. */
export interface Config {
  port: number;
  /** Interface to listen on: loopback unless HOST says otherwise. */
  host: string;
  /** The data folder (`DATA_DIR`): the embedded database, and the generated development secret. */
  dataDir: string;
  /** Folder of the embedded database (`$DATA_DIR/postgres`); unused when `databaseUrl` is set. */
  postgresDir: string;
  /** PostgreSQL to use; without it `main.ts` runs the embedded database and sets this. */
  databaseUrl: string | null;
  /** Folder of the built SPA served at `/`; `null` serves the API only. */
  spaDir: string | null;
  /**
   * The store's address as people and search engines reach it (`PUBLIC_URL`, an origin such as
   * https://tyres.example), named in robots.txt and sitemap.xml; http://localhost:PORT unless set.
   */
  publicUrl: string;
  /**
   * Further hosts the API answers to (`ALLOWED_HOSTS`, `name` or `name:port`), beside its
   * loopback names and PUBLIC_URL's host: what a proxy in front sends as Host when it is not the
   * client's. Requests naming any other host get 421 (DNS rebinding, `http/hosts.ts`).
   */
  allowedHosts: HostName[];
  /**
   * The shop's time zone (`STORE_TIME_ZONE`, an IANA name): which calendar day "today" is when
   * the fitting days are listed. Europe/Warsaw unless set.
   */
  storeTimeZone: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  firebase: {
    projectId: string;
    /** `host:port` of the Firebase Auth emulator, or `null` for a real Firebase project. */
    authEmulatorHost: string | null;
    /**
     * `host:port` of the emulator's hub when the emulator is the store's own (`npm start`): the
     * API has it save the accounts to the data folder as people sign in. Null otherwise.
     */
    authEmulatorHub: string | null;
    apiKey: string;
    authDomain: string;
  };
  adminEmails: string[];
  /** Key of the app tokens; null in development: a random one kept in `$DATA_DIR/jwt-secret`. */
  jwtSecret: string | null;
  payments: {
    provider: 'local' | 'stripe';
    /** Who works out a market checkout's tax (server/src/tax/): the store's tables or Stripe Tax. */
    taxProvider: 'store' | 'stripe';
    stripeSecretKey: string | null;
    stripePublishableKey: string | null;
    stripeWebhookSecret: string | null;
    /** Another Stripe API address (tests use a local stub); null is api.stripe.com. */
    stripeApiBase: string | null;
    /**
     * `REFUND_RECHECK_SECONDS`: a refund still pending this long after it was asked for (its
     * webhook missed, or its answer lost) is asked about again, and again each such period while
     * it stays pending. An hour unless set.
     */
    refundRecheckSeconds: number;
  };
  /**
   * Hosts the catalogue's CSV may name pictures on (`PICTURE_HOSTS`): fetched and re-encoded;
   * any other host is refused (no request is made to it).
   */
  pictureHosts: HostName[];
  imgbbKey: string | null;
  /** imgbb's upload address (tests point it at a stub). */
  imgbbUploadUrl: string;
  images: {
    /** Bytes of pictures one account may keep stored. */
    quotaBytes: number;
    /** How long an upload no product, review or profile uses is kept, in seconds. */
    unusedSeconds: number;
  };
  /** Trust X-Forwarded-For (only behind a proxy you run; otherwise clients could fake their IP). */
  trustProxy: boolean;
  rateLimits: {
    /** Token exchanges (`PUT /users/:email`) per client IP per minute. */
    tokenExchangePerMinute: number;
    /** Writes (POST, PUT, PATCH, DELETE) per client IP per minute. */
    writesPerMinute: number;
  };
  /** Lifetime of the app's access tokens, in seconds. */
  accessTokenTtlSeconds: number;
  orders: {
    /** How long an unpaid order holds its stock, in seconds. */
    holdSeconds: number;
    /** Units one account may hold in unpaid orders at once. */
    maxHeldUnits: number;
    /**
     * Percent of a product's stock (available plus held) that unpaid orders of all accounts
     * together may hold, rounded down (never less than a set of tyres, `HELD_FLOOR_UNITS`).
     */
    heldSharePercent: number;
  };
  /**
   * The delivery estimate product pages state, in working days (`DELIVERY_DAYS_MIN`, 2, and
   * `DELIVERY_DAYS_MAX`, 4, unless set): what the store promises, not computed per order.
   */
  delivery: { minDays: number; maxDays: number };
  /** The seller on receipts (`STORE_LEGAL_NAME`, `STORE_ADDRESS`). */
  seller: { legalName: string; address: string };
  /** A request (headers and body) must arrive within this many seconds. */
  requestTimeoutSeconds: number;
  /** Open connections at most; more are closed as they arrive. */
  maxConnections: number;
  /**
   * Open connections at most from one client address (IPv4, or IPv6 /64); more are closed as
   * they arrive. Null: no such cap (behind a proxy, where every client has the proxy's address).
   */
  maxConnectionsPerAddress: number | null;
  /** API processes `main.ts` runs on the one port (`API_PROCESSES`, 1 to 32). */
  apiProcesses: number;
  /**
   * The store's emails (issue 31), or null when none are sent: `EMAIL=off`, or no `SMTP_URL`
   * outside production (`npm start` sets it to its embedded mailbox). The outbox is written
   * either way; only an API with email sends it.
   */
  email: EmailConfig | null;
}

export interface EmailConfig {
  /** `SMTP_URL`: smtp://user:pass@host:587, or smtps:// for TLS from the start. */
  smtpUrl: string;
  /** `MAIL_FROM`: the sender, `address` or `Name <address>`. */
  from: string;
  /** Where the admins' emails go: `SHOP_EMAIL` if set, else `ADMIN_EMAILS`. */
  adminRecipients: string[];
  /** `EMAIL_RETRY_SECONDS`: the first retry's delay; each next one doubles, up to an hour. */
  retrySeconds: number;
  /** `EMAIL_MAX_ATTEMPTS`: attempts before an email that keeps meeting 4xx is given up. */
  maxAttempts: number;
  /**
   * `EMAIL_WORKER_TIMEOUT_SECONDS`: a process whose email workers were not seen for this long
   * is taken for gone, and the email jobs its workers held are released for another process.
   */
  workerTimeoutSeconds: number;
}

/** `PORT`: the API's (and the SPA's) HTTP port. The store's scripts read their ports here too. */
export const listenPort = (env: Env = process.env) => readVariable(env, 'PORT');

/** `AUTH_EMULATOR_PORT`: the embedded Firebase Auth emulator's port. */
export const authEmulatorPort = (env: Env = process.env) => readVariable(env, 'AUTH_EMULATOR_PORT');

/** `DATA_DIR`: the store's data folder, from the repository's root as `npm start` takes it. */
export const dataFolder = (root: string, env: Env = process.env) =>
  path.resolve(root, readVariable(env, 'DATA_DIR'));

/** `DATABASE_URL`, or null for the embedded database. */
export const databaseUrlOf = (env: Env = process.env) => readVariable(env, 'DATABASE_URL') ?? null;

/** Without `FIREBASE_API_KEY` the store's accounts live in its own Auth emulator. */
export const usesAuthEmulator = (env: Env = process.env) => !isSet(env, 'FIREBASE_API_KEY');

/** `DEV_PORT`: `npm run dev`'s webpack-dev-server. */
export const devServerPort = (env: Env = process.env) => readVariable(env, 'DEV_PORT');

/**
 * What production refuses, the rules between variables, and the settings derived from several.
 * Each variable alone is read and checked by its schema (`environment/variables.ts`).
 */
function firebase(vars: Environment, production: boolean): Config['firebase'] {
  const authEmulatorHost =
    vars.FIREBASE_AUTH_EMULATOR_HOST ??
    (vars.FIREBASE_API_KEY ? null : `127.0.0.1:${vars.AUTH_EMULATOR_PORT}`);
  if (production && authEmulatorHost !== null) {
    // The emulator accepts unsigned ID tokens: anyone could sign in as anyone.
    throw new ConfigError(
      'FIREBASE_API_KEY',
      'required when NODE_ENV=production (the Auth emulator is for development only)',
    );
  }
  return {
    projectId: vars.FIREBASE_PROJECT_ID,
    authEmulatorHost,
    authEmulatorHub: authEmulatorHost === null ? null : (vars.AUTH_EMULATOR_HUB ?? null),
    apiKey: vars.FIREBASE_API_KEY ?? 'demo-api-key',
    authDomain: vars.FIREBASE_AUTH_DOMAIN ?? `${vars.FIREBASE_PROJECT_ID}.firebaseapp.com`,
  };
}

function payments(vars: Environment, production: boolean): Config['payments'] {
  const provider = vars.PAYMENT_PROVIDER;
  if (production && provider === 'local') {
    // The local provider marks orders paid for Stripe's test card numbers: no money moves.
    throw new ConfigError(
      'PAYMENT_PROVIDER',
      'must be stripe when NODE_ENV=production (the local provider accepts test cards as payment)',
    );
  }
  if (provider === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
      if (!vars[name]) throw new ConfigError(name, 'required when PAYMENT_PROVIDER=stripe');
    }
  }
  if (vars.TAX_PROVIDER === 'stripe' && !vars.STRIPE_SECRET_KEY) {
    throw new ConfigError('STRIPE_SECRET_KEY', 'required when TAX_PROVIDER=stripe');
  }
  return {
    provider,
    taxProvider: vars.TAX_PROVIDER,
    stripeSecretKey: vars.STRIPE_SECRET_KEY ?? null,
    stripePublishableKey: vars.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeWebhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? null,
    stripeApiBase: vars.STRIPE_API_BASE ?? null,
    refundRecheckSeconds: vars.REFUND_RECHECK_SECONDS,
  };
}

/** The shortest delivery no longer than the longest. */
function delivery(vars: Environment): Config['delivery'] {
  const minDays = vars.DELIVERY_DAYS_MIN;
  const maxDays = vars.DELIVERY_DAYS_MAX;
  if (maxDays < minDays) {
    throw new ConfigError(
      'DELIVERY_DAYS_MAX',
      `expected at least DELIVERY_DAYS_MIN (${minDays}), got ${maxDays}`,
    );
  }
  return { minDays, maxDays };
}

function email(
  vars: Environment,
  production: boolean,
  publicUrl: string,
  adminEmails: string[],
): EmailConfig | null {
  if (vars.EMAIL === 'off') return null;
  if (vars.SMTP_URL === undefined) {
    if (production) {
      throw new ConfigError(
        'SMTP_URL',
        "required when NODE_ENV=production (the server that sends the store's emails); set EMAIL=off to run without email",
      );
    }
    return null;
  }
  return {
    smtpUrl: vars.SMTP_URL,
    from: vars.MAIL_FROM ?? `Tyre & Auto Parts Store <no-reply@${new URL(publicUrl).hostname}>`,
    adminRecipients: vars.SHOP_EMAIL.length > 0 ? vars.SHOP_EMAIL : adminEmails,
    retrySeconds: vars.EMAIL_RETRY_SECONDS,
    maxAttempts: vars.EMAIL_MAX_ATTEMPTS,
    workerTimeoutSeconds: vars.EMAIL_WORKER_TIMEOUT_SECONDS,
  };
}

/**
 * Reads the environment. Defaults are the embedded ones of `npm start`: PostgreSQL in ./data, the
 * Firebase Auth emulator on 127.0.0.1:9099, the local payment provider.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const vars = readEnvironment(env);
  const production = vars.NODE_ENV === 'production';
  const firebaseConfig = firebase(vars, production);

  if (vars.JWT_SECRET === undefined && production) {
    throw new ConfigError('JWT_SECRET', 'required when NODE_ENV=production');
  }
  const paymentsConfig = payments(vars, production);
  if (production && vars.PUBLIC_URL === undefined) {
    // A production store is reached by its own name: without it, every request would be
    // refused as another site's (the API answers only to its own hosts).
    throw new ConfigError(
      'PUBLIC_URL',
      'required when NODE_ENV=production (the address people reach the store at, such as https://tyres.example)',
    );
  }
  const publicUrl = vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`;
  const dataDir = path.resolve(cwd, vars.DATA_DIR);

  return {
    port: vars.PORT,
    // Loopback unless asked: a store on a laptop is not served to the whole network.
    host: vars.HOST,
    dataDir,
    postgresDir: path.join(dataDir, 'postgres'),
    databaseUrl: vars.DATABASE_URL ?? null,
    spaDir: vars.SPA_DIR === null ? null : path.resolve(cwd, vars.SPA_DIR),
    publicUrl,
    allowedHosts: vars.ALLOWED_HOSTS,
    storeTimeZone: vars.STORE_TIME_ZONE,
    logLevel: vars.LOG_LEVEL,
    firebase: firebaseConfig,
    adminEmails: vars.ADMIN_EMAILS,
    jwtSecret: vars.JWT_SECRET ?? null,
    payments: paymentsConfig,
    pictureHosts: vars.PICTURE_HOSTS,
    imgbbKey: vars.IMGBB_KEY ?? null,
    imgbbUploadUrl: vars.IMGBB_UPLOAD_URL,
    images: {
      quotaBytes: vars.IMAGE_QUOTA_MB * 1024 * 1024,
      unusedSeconds: vars.UNUSED_IMAGE_SECONDS,
    },
    trustProxy: vars.TRUST_PROXY,
    rateLimits: {
      // Every signed-in tab re-exchanges about once a minute (short app tokens), so an office
      // behind one address needs room.
      tokenExchangePerMinute: vars.TOKEN_RATE_LIMIT,
      writesPerMinute: vars.WRITE_RATE_LIMIT,
    },
    orders: {
      holdSeconds: vars.ORDER_HOLD_SECONDS,
      maxHeldUnits: vars.MAX_HELD_UNITS,
      heldSharePercent: vars.MAX_HELD_SHARE,
    },
    delivery: delivery(vars),
    seller: { legalName: vars.STORE_LEGAL_NAME, address: vars.STORE_ADDRESS },
    // A minute: a deleted, disabled or signed-out Firebase account loses access within it,
    // since the next exchange asks Firebase (the SPA re-exchanges silently on a 401).
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL,
    // A minute for a 5 MB picture is about 85 KB/s; a body dripped byte by byte is cut then.
    requestTimeoutSeconds: vars.REQUEST_TIMEOUT,
    maxConnections: vars.MAX_CONNECTIONS,
    // Behind a proxy every client arrives from the proxy: no cap per address unless set.
    maxConnectionsPerAddress:
      vars.TRUST_PROXY && !isSet(env, 'MAX_CONNECTIONS_PER_ADDRESS')
        ? null
        : vars.MAX_CONNECTIONS_PER_ADDRESS,
    apiProcesses: vars.API_PROCESSES,
    email: email(vars, production, publicUrl, vars.ADMIN_EMAILS),
  };
}
