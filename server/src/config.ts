import path from 'node:path';
import { parseHost, type HostName } from './http/hosts';

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

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/**
 * A port from the environment. The store's ports are read here alone: the API's config and the
 * scripts that start the store or find a running one (start, dev, backup, restore) all call
 * `listenPort` and `authEmulatorPort`, so they agree on what a value means.
 */
function port(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 0 || value > 65535) {
    throw new ConfigError(name, `expected a port number between 0 and 65535, got "${raw}"`);
  }
  return value;
}

/** `PORT`: the API's (and the SPA's) HTTP port, 8080 unless set. */
export const listenPort = (env: Env = process.env) => port(env, 'PORT', 8080);

/** `AUTH_EMULATOR_PORT`: the embedded Firebase Auth emulator's port, 9099 unless set. */
export const authEmulatorPort = (env: Env = process.env) => port(env, 'AUTH_EMULATOR_PORT', 9099);

/** `DEV_PORT`: `npm run dev`'s webpack-dev-server, 3000 unless set. */
export const devServerPort = (env: Env = process.env) => port(env, 'DEV_PORT', 3000);

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new ConfigError(name, `expected a whole number above 0, got "${raw}"`);
  }
  return Number(raw);
}

function atMost(limit: number, value: number, name: string): number {
  if (value > limit) throw new ConfigError(name, `expected at most ${limit}, got ${value}`);
  return value;
}

/** `DELIVERY_DAYS_MIN` and `DELIVERY_DAYS_MAX`: the shortest no longer than the longest. */
function deliveryDays(env: Env): Config['delivery'] {
  const minDays = atMost(60, positiveInt(env, 'DELIVERY_DAYS_MIN', 2), 'DELIVERY_DAYS_MIN');
  const maxDays = atMost(60, positiveInt(env, 'DELIVERY_DAYS_MAX', 4), 'DELIVERY_DAYS_MAX');
  if (maxDays < minDays) {
    throw new ConfigError(
      'DELIVERY_DAYS_MAX',
      `expected at least DELIVERY_DAYS_MIN (${minDays}), got ${maxDays}`,
    );
  }
  return { minDays, maxDays };
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A URL of one of `protocols`, or null when unset; refused in words otherwise. */
function urlWithProtocol(
  env: Env,
  name: string,
  { protocols, example, kind }: { protocols: string[]; example: string; kind: string },
): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `expected a URL like ${example}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `expected ${kind} URL, got protocol "${url.protocol}"`);
  }
  return raw;
}

function postgresUrl(env: Env, name: string): string | null {
  return urlWithProtocol(env, name, {
    protocols: ['postgres:', 'postgresql:'],
    example: 'postgres://user:password@host:5432/database',
    kind: 'a postgres://',
  });
}

/** An http(s) origin, without a path, a query or credentials; its trailing slash dropped. */
function origin(env: Env, name: string, fallback: string): string {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const problem = 'expected the address the store is reached at, like https://tyres.example';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `${problem}, got "${raw}"`);
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    throw new ConfigError(name, `${problem} (no path, query or user), got "${raw}"`);
  }
  return url.origin;
}

function hosts(env: Env, name: string): HostName[] {
  const raw = text(env, name);
  if (raw === null) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const host = parseHost(entry);
      if (!host) {
        throw new ConfigError(
          name,
          `expected host names like tyres.example or store:8080, got "${entry}"`,
        );
      }
      return host;
    });
}

function timeZone(env: Env, name: string, fallback: string): string {
  const raw = text(env, name) ?? fallback;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError(name, `expected a time zone name like Europe/Warsaw, got "${raw}"`);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function smtpUrl(env: Env, name: string): string | null {
  return urlWithProtocol(env, name, {
    protocols: ['smtp:', 'smtps:'],
    example: 'smtp://user:password@host:587',
    kind: 'an smtp:// or smtps://',
  });
}

/** `address` or `Name <address>`. */
function sender(env: Env, name: string, fallback: string): string {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const address = /<([^<>]+)>\s*$/.exec(raw)?.[1] ?? raw;
  if (!EMAIL.test(address.trim()) || /[\r\n]/.test(raw)) {
    throw new ConfigError(
      name,
      `expected an address like "Tyre Store <shop@tyres.example>", got "${raw}"`,
    );
  }
  return raw;
}

function emailConfig(
  env: Env,
  production: boolean,
  publicUrl: string,
  adminEmails: string[],
): EmailConfig | null {
  const mode = oneOf(env, 'EMAIL', ['on', 'off'] as const, 'on');
  const url = smtpUrl(env, 'SMTP_URL');
  if (mode === 'off') return null;
  if (url === null) {
    if (production) {
      throw new ConfigError(
        'SMTP_URL',
        "required when NODE_ENV=production (the server that sends the store's emails); set EMAIL=off to run without email",
      );
    }
    return null;
  }
  const shop = emails(env, 'SHOP_EMAIL', []);
  return {
    smtpUrl: url,
    from: sender(
      env,
      'MAIL_FROM',
      `Tyre & Auto Parts Store <no-reply@${new URL(publicUrl).hostname}>`,
    ),
    adminRecipients: shop.length > 0 ? shop : adminEmails,
    retrySeconds: positiveInt(env, 'EMAIL_RETRY_SECONDS', 30),
    maxAttempts: positiveInt(env, 'EMAIL_MAX_ATTEMPTS', 20),
    workerTimeoutSeconds: positiveInt(env, 'EMAIL_WORKER_TIMEOUT_SECONDS', 120),
  };
}

function emails(env: Env, name: string, fallback: string[]): string[] {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const list = raw
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.find((email) => !EMAIL.test(email));
  if (bad) throw new ConfigError(name, `"${bad}" is not an email address`);
  return list;
}

/**
 * Reads the environment. Defaults are the embedded ones of `npm start`: PostgreSQL in ./data, the
 * Firebase Auth emulator on 127.0.0.1:9099, the local payment provider.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = postgresUrl(env, 'DATABASE_URL');
  const projectId = text(env, 'FIREBASE_PROJECT_ID') ?? 'demo-store';
  const emulatorHost =
    text(env, 'FIREBASE_AUTH_EMULATOR_HOST') ??
    (text(env, 'FIREBASE_API_KEY') ? null : `127.0.0.1:${authEmulatorPort(env)}`);
  if (emulatorHost !== null && !/^[\w.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST',
      `expected host:port, got "${emulatorHost}"`,
    );
  }

  const emulatorHub = emulatorHost === null ? null : text(env, 'AUTH_EMULATOR_HUB');
  if (emulatorHub !== null && !/^[\w.-]+:\d{1,5}$/.test(emulatorHub)) {
    throw new ConfigError('AUTH_EMULATOR_HUB', `expected host:port, got "${emulatorHub}"`);
  }

  if (production && emulatorHost !== null) {
    // The emulator accepts unsigned ID tokens: anyone could sign in as anyone.
    throw new ConfigError(
      'FIREBASE_API_KEY',
      'required when NODE_ENV=production (the Auth emulator is for development only)',
    );
  }

  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret === null && production) {
    throw new ConfigError('JWT_SECRET', 'required when NODE_ENV=production');
  }
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters');
  }

  const provider = oneOf(env, 'PAYMENT_PROVIDER', ['local', 'stripe'] as const, 'local');
  if (production && provider === 'local') {
    // The local provider marks orders paid for Stripe's test card numbers: no money moves.
    throw new ConfigError(
      'PAYMENT_PROVIDER',
      'must be stripe when NODE_ENV=production (the local provider accepts test cards as payment)',
    );
  }
  const stripeSecretKey = text(env, 'STRIPE_SECRET_KEY');
  const stripePublishableKey = text(env, 'STRIPE_PUBLISHABLE_KEY');
  if (provider === 'stripe') {
    if (!stripeSecretKey)
      throw new ConfigError('STRIPE_SECRET_KEY', 'required when PAYMENT_PROVIDER=stripe');
    if (!stripePublishableKey) {
      throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'required when PAYMENT_PROVIDER=stripe');
    }
  }

  if (production && text(env, 'PUBLIC_URL') === null) {
    // A production store is reached by its own name: without it, every request would be
    // refused as another site's (the API answers only to its own hosts).
    throw new ConfigError(
      'PUBLIC_URL',
      'required when NODE_ENV=production (the address people reach the store at, such as https://tyres.example)',
    );
  }

  const spaDir = text(env, 'SPA_DIR');
  const httpPort = listenPort(env);
  const publicUrl = origin(env, 'PUBLIC_URL', `http://localhost:${httpPort}`);
  const adminEmails = emails(env, 'ADMIN_EMAILS', ['admin@store.test']);
  const email = emailConfig(env, production, publicUrl, adminEmails);
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? 'data');

  return {
    port: httpPort,
    // Loopback unless asked: a store on a laptop is not served to the whole network.
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    postgresDir: path.join(dataDir, 'postgres'),
    databaseUrl,
    spaDir: spaDir === 'none' ? null : path.resolve(cwd, spaDir ?? 'dist'),
    publicUrl,
    allowedHosts: hosts(env, 'ALLOWED_HOSTS'),
    storeTimeZone: timeZone(env, 'STORE_TIME_ZONE', 'Europe/Warsaw'),
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    firebase: {
      projectId,
      authEmulatorHost: emulatorHost,
      authEmulatorHub: emulatorHub,
      apiKey: text(env, 'FIREBASE_API_KEY') ?? 'demo-api-key',
      authDomain: text(env, 'FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    },
    adminEmails,
    jwtSecret,
    payments: {
      provider,
      stripeSecretKey,
      stripePublishableKey,
      stripeWebhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET'),
      stripeApiBase: text(env, 'STRIPE_API_BASE'),
      refundRecheckSeconds: positiveInt(env, 'REFUND_RECHECK_SECONDS', 3600),
    },
    imgbbKey: text(env, 'IMGBB_KEY'),
    imgbbUploadUrl: text(env, 'IMGBB_UPLOAD_URL') ?? 'https://api.imgbb.com/1/upload',
    images: {
      quotaBytes: positiveInt(env, 'IMAGE_QUOTA_MB', 20) * 1024 * 1024,
      unusedSeconds: positiveInt(env, 'UNUSED_IMAGE_SECONDS', 3600),
    },
    trustProxy: flag(env, 'TRUST_PROXY', false),
    rateLimits: {
      // Every signed-in tab re-exchanges about once a minute (short app tokens), so an office
      // behind one address needs room.
      tokenExchangePerMinute: positiveInt(env, 'TOKEN_RATE_LIMIT', 120),
      writesPerMinute: positiveInt(env, 'WRITE_RATE_LIMIT', 300),
    },
    orders: {
      holdSeconds: positiveInt(env, 'ORDER_HOLD_SECONDS', 30 * 60),
      maxHeldUnits: positiveInt(env, 'MAX_HELD_UNITS', 50),
      heldSharePercent: atMost(100, positiveInt(env, 'MAX_HELD_SHARE', 50), 'MAX_HELD_SHARE'),
    },
    delivery: deliveryDays(env),
    // A minute: a deleted, disabled or signed-out Firebase account loses access within it,
    // since the next exchange asks Firebase (the SPA re-exchanges silently on a 401).
    accessTokenTtlSeconds: positiveInt(env, 'ACCESS_TOKEN_TTL', 55),
    // A minute for a 5 MB picture is about 85 KB/s; a body dripped byte by byte is cut then.
    requestTimeoutSeconds: positiveInt(env, 'REQUEST_TIMEOUT', 60),
    maxConnections: positiveInt(env, 'MAX_CONNECTIONS', 1000),
    // Behind a proxy every client arrives from the proxy: no cap per address unless set.
    maxConnectionsPerAddress:
      text(env, 'MAX_CONNECTIONS_PER_ADDRESS') === null && flag(env, 'TRUST_PROXY', false)
        ? null
        : positiveInt(env, 'MAX_CONNECTIONS_PER_ADDRESS', 200),
    apiProcesses: atMost(32, positiveInt(env, 'API_PROCESSES', 1), 'API_PROCESSES'),
    email,
  };
}
