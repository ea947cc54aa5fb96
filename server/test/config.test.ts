import { authEmulatorPort, ConfigError, listenPort, loadConfig } from '../src/config';
import { Refusal, storeSettings } from '../../scripts/storeData';

describe('loadConfig', () => {
  it('defaults to the embedded store: PostgreSQL in ./data, the auth emulator, local payments', () => {
    const config = loadConfig({}, '/srv/store');
    expect(config.port).toBe(8080);
    expect(config.postgresDir).toBe('/srv/store/data/postgres');
    expect(config.databaseUrl).toBeNull();
    expect(config.firebase.authEmulatorHost).toBe('127.0.0.1:9099');
    expect(config.firebase.projectId).toBe('demo-store');
    expect(config.payments.provider).toBe('local');
    expect(config.adminEmails).toEqual(['admin@store.test']);
  });

  it('is safe by default: loopback, a generated secret, short tokens, request limits', () => {
    const config = loadConfig({}, '/srv/store');
    expect(config.host).toBe('127.0.0.1');
    expect(config.jwtSecret).toBeNull();
    expect(config.dataDir).toBe('/srv/store/data');
    expect(config.accessTokenTtlSeconds).toBe(55);
    expect(config.requestTimeoutSeconds).toBe(60);
    expect(config.maxConnections).toBe(1000);
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('honours PORT, DATA_DIR, AUTH_EMULATOR_PORT and DATABASE_URL', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/var/lib/store',
        AUTH_EMULATOR_PORT: '9199',
        DATABASE_URL: 'postgres://store:secret@db:5432/store',
      },
      '/srv/store',
    );
    expect(config.port).toBe(9000);
    expect(config.postgresDir).toBe('/var/lib/store/postgres');
    expect(config.firebase.authEmulatorHost).toBe('127.0.0.1:9199');
    expect(config.databaseUrl).toBe('postgres://store:secret@db:5432/store');
  });

  it('uses a real Firebase project when its web API key is given', () => {
    const config = loadConfig({ FIREBASE_API_KEY: 'AIza-real', FIREBASE_PROJECT_ID: 'my-shop' });
    expect(config.firebase.authEmulatorHost).toBeNull();
    expect(config.firebase.authDomain).toBe('my-shop.firebaseapp.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ AUTH_EMULATOR_PORT: '-1' }, 'AUTH_EMULATOR_PORT'],
    [{ DATABASE_URL: 'mysql://localhost/store' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ ADMIN_EMAILS: 'boss@store.test, nobody' }, 'ADMIN_EMAILS'],
    [{ NODE_ENV: 'production' }, 'FIREBASE_API_KEY'],
    [{ NODE_ENV: 'production', FIREBASE_API_KEY: 'AIza-real' }, 'JWT_SECRET'],
    [
      {
        NODE_ENV: 'production',
        FIREBASE_API_KEY: 'AIza-real',
        JWT_SECRET: 'a-production-secret-0123456789-abcdefghij',
      },
      'PAYMENT_PROVIDER',
    ],
    [
      {
        NODE_ENV: 'production',
        FIREBASE_API_KEY: 'AIza-real',
        JWT_SECRET: 'a-production-secret-0123456789-abcdefghij',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      },
      'PUBLIC_URL',
    ],
    [
      {
        NODE_ENV: 'production',
        FIREBASE_API_KEY: 'AIza-real',
        JWT_SECRET: 'a-production-secret-0123456789-abcdefghij',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        PUBLIC_URL: 'https://tyres.example',
      },
      'SMTP_URL',
    ],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ SMTP_URL: 'smtp://mail.example', SHOP_EMAIL: 'shop' }, 'SHOP_EMAIL'],
    [{ SMTP_URL: 'smtp://mail.example', EMAIL_RETRY_SECONDS: '0' }, 'EMAIL_RETRY_SECONDS'],
    [{ EMAIL: 'maybe' }, 'EMAIL'],
    [{ REQUEST_TIMEOUT: '0' }, 'REQUEST_TIMEOUT'],
    [{ MAX_CONNECTIONS: 'many' }, 'MAX_CONNECTIONS'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ WRITE_RATE_LIMIT: '0' }, 'WRITE_RATE_LIMIT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %j naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toContain(variable);
  });

  it('sends email only with SMTP_URL; production needs it unless EMAIL=off', () => {
    expect(loadConfig({}).email).toBeNull();
    const email = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      PUBLIC_URL: 'https://tyres.example',
      ADMIN_EMAILS: 'boss@store.test,clerk@store.test',
    }).email;
    expect(email).toEqual({
      smtpUrl: 'smtp://user:pass@mail.example:587',
      from: 'Tyre & Auto Parts Store <no-reply@tyres.example>',
      adminRecipients: ['boss@store.test', 'clerk@store.test'],
      retrySeconds: 30,
      maxAttempts: 20,
      workerTimeoutSeconds: 120,
    });
    const shop = loadConfig({
      SMTP_URL: 'smtps://mail.example',
      MAIL_FROM: 'Tyres <shop@tyres.example>',
      SHOP_EMAIL: 'Orders@Tyres.example',
      EMAIL_RETRY_SECONDS: '5',
      EMAIL_MAX_ATTEMPTS: '3',
      EMAIL_WORKER_TIMEOUT_SECONDS: '30',
    }).email;
    expect(shop).toMatchObject({
      from: 'Tyres <shop@tyres.example>',
      adminRecipients: ['orders@tyres.example'],
      retrySeconds: 5,
      maxAttempts: 3,
      workerTimeoutSeconds: 30,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example', EMAIL: 'off' }).email).toBeNull();
    const production = {
      NODE_ENV: 'production',
      FIREBASE_API_KEY: 'AIza-real',
      JWT_SECRET: 'a-production-secret-0123456789-abcdefghij',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      PUBLIC_URL: 'https://tyres.example',
    };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL.*EMAIL=off/);
    expect(loadConfig({ ...production, EMAIL: 'off' }).email).toBeNull();
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example' }).email).not.toBeNull();
  });

  it('runs one API process unless API_PROCESSES says more, up to 32', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ API_PROCESSES: '4' }).apiProcesses).toBe(4);
    expect(() => loadConfig({ API_PROCESSES: '33' })).toThrow(/API_PROCESSES.*at most 32/);
    expect(() => loadConfig({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
  });

  it('asks again about a refund pending an hour unless REFUND_RECHECK_SECONDS says otherwise', () => {
    expect(loadConfig({}).payments.refundRecheckSeconds).toBe(3600);
    expect(loadConfig({ REFUND_RECHECK_SECONDS: '600' }).payments.refundRecheckSeconds).toBe(600);
    expect(() => loadConfig({ REFUND_RECHECK_SECONDS: '0' })).toThrow(/REFUND_RECHECK_SECONDS/);
  });

  it('states delivery in 2–4 working days unless DELIVERY_DAYS_MIN/MAX say otherwise', () => {
    expect(loadConfig({}).delivery).toEqual({ minDays: 2, maxDays: 4 });
    expect(loadConfig({ DELIVERY_DAYS_MIN: '1', DELIVERY_DAYS_MAX: '1' }).delivery).toEqual({
      minDays: 1,
      maxDays: 1,
    });
    expect(() => loadConfig({ DELIVERY_DAYS_MIN: '5' })).toThrow(
      'Invalid environment variable DELIVERY_DAYS_MAX: expected at least DELIVERY_DAYS_MIN (5), got 4',
    );
    expect(() => loadConfig({ DELIVERY_DAYS_MAX: 'soon' })).toThrow(/DELIVERY_DAYS_MAX/);
    expect(() => loadConfig({ DELIVERY_DAYS_MAX: '61' })).toThrow(/at most 60/);
  });

  it('names the store by PUBLIC_URL in robots.txt and the sitemap: http://localhost:PORT unless set', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://tyres.example/' }).publicUrl).toBe(
      'https://tyres.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://tyres.example:8443' }).publicUrl).toBe(
      'https://tyres.example:8443',
    );
    for (const wrong of [
      'tyres.example',
      'ftp://tyres.example',
      'https://tyres.example/shop',
      'https://tyres.example/?x=1',
      'https://user:pass@tyres.example',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: wrong })).toThrow(/PUBLIC_URL.*like https:\/\/tyres/);
    }
  });
});

describe("listenPort and authEmulatorPort: the one reading of the store's ports", () => {
  it('default to 8080 and 9099, and take 0 to 65535, spaces around ignored', () => {
    expect(listenPort({})).toBe(8080);
    expect(authEmulatorPort({})).toBe(9099);
    expect(listenPort({ PORT: '' })).toBe(8080);
    expect(listenPort({ PORT: ' 9000 ' })).toBe(9000);
    expect(listenPort({ PORT: '0' })).toBe(0);
    expect(authEmulatorPort({ AUTH_EMULATOR_PORT: '65535' })).toBe(65535);
  });

  it.each(['eighty', '70000', '65536', '-1', '80.5', '1e3', '0x50'])(
    'refuse "%s", naming the variable',
    (raw) => {
      expect(() => listenPort({ PORT: raw })).toThrow(ConfigError);
      expect(() => listenPort({ PORT: raw })).toThrow(`Invalid environment variable PORT`);
      expect(() => authEmulatorPort({ AUTH_EMULATOR_PORT: raw })).toThrow(
        /AUTH_EMULATOR_PORT: expected a port number between 0 and 65535/,
      );
    },
  );

  it('are what backup and restore read to find the store, refused in the same words', () => {
    const saved = { PORT: process.env.PORT, AUTH_EMULATOR_PORT: process.env.AUTH_EMULATOR_PORT };
    try {
      process.env.PORT = ' 9000';
      process.env.AUTH_EMULATOR_PORT = '9199';
      expect(storeSettings()).toMatchObject({ port: 9000, authPort: 9199 });
      process.env.AUTH_EMULATOR_PORT = '99999';
      expect(() => storeSettings()).toThrow(Refusal);
      expect(() => storeSettings()).toThrow(
        'Invalid environment variable AUTH_EMULATOR_PORT: expected a port number between 0 and 65535, got "99999".',
      );
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
