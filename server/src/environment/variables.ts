import { Type } from '@sinclair/typebox';
import { parseHost, type HostName } from './hostName';
import { FORMATS } from './formats';
import { count, flag, formatted, list, oneOf, port, section, text } from './kinds';

/** A host of ALLOWED_HOSTS as it was written. */
const hostText = (host: HostName) => (host.port === null ? host.name : `${host.name}:${host.port}`);

/**
 * Every environment variable the store reads: its type, default, what it accepts and what it
 * does. `read.ts` converts and checks the environment with it, `config.ts` builds the API's
 * settings from what it reads, and docs/configuration.md is generated from it
 * (`npm run docs:config`).
 */
export const variables = Type.Object({
  ...section('The server', {
    PORT: port(8080, { description: 'HTTP port of the API and the SPA' }),
    HOST: text({
      fallback: '127.0.0.1',
      expected: 'an address of this machine',
      description: 'interface to listen on; `0.0.0.0` for every interface',
    }),
    PUBLIC_URL: Type.Optional(
      Type.Transform(
        formatted(
          FORMATS.origin,
          'the address the store is reached at, like https://tyres.example (no path, query or user)',
          {
            defaultText: '`http://localhost:$PORT`',
            description:
              'the address people reach the store at: named in robots.txt and the sitemap, and a host the API answers to; required in production',
          },
        ),
      )
        .Decode((value) => new URL(value).origin)
        .Encode((value) => value),
    ),
    ALLOWED_HOSTS: Type.Transform(
      list(FORMATS.host, 'host names like tyres.example or store:8080, separated by commas', {
        fallback: [],
        description:
          "more hosts the API answers to (`name` on any port, or `name:port`), e.g. the `Host` a proxy in front sends when it is not the client's; any other host gets 421",
      }),
    )
      .Decode((entries) => entries.map((entry) => parseHost(entry)!))
      .Encode((hosts) => hosts.map(hostText)),
    TRUST_PROXY: flag(false, {
      description:
        "behind a proxy you run: take the client's address from `X-Forwarded-For` (then every `X-Forwarded-Host` must be one of the store's hosts too)",
    }),
    API_PROCESSES: count(1, {
      max: 32,
      description: "API processes on the one port (Node's cluster module)",
    }),
    SPA_DIR: Type.Transform(
      text({
        fallback: './dist',
        expected: 'a folder, or `none`',
        description: 'built SPA to serve; `none` for the API alone',
      }),
    )
      .Decode((value): string | null => (value === 'none' ? null : value))
      .Encode((value) => value ?? 'none'),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info', {
      defaultNote: '`warn` under `npm start`',
      description: 'pino log level',
    }),
    NODE_ENV: Type.Optional(
      text({
        description:
          '`production` refuses what is for development only: the Auth emulator, the local payment provider, and running without `JWT_SECRET`, `PUBLIC_URL` or `SMTP_URL` (unless `EMAIL=off`)',
      }),
    ),
  }),

  ...section('Data', {
    DATA_DIR: text({
      fallback: './data',
      expected: 'a folder',
      description: 'data folder: the embedded database in `postgres/`, accounts in `auth/`',
    }),
    DATABASE_URL: Type.Optional(
      formatted(FORMATS.postgresUrl, 'a URL like postgres://user:password@host:5432/database', {
        secret: true,
        defaultText: 'unset (the embedded database)',
        description: 'PostgreSQL to use instead of the embedded database',
      }),
    ),
  }),

  ...section('Sign-in', {
    AUTH_EMULATOR_PORT: port(9099, { description: 'port of the Firebase Auth emulator' }),
    FIREBASE_AUTH_EMULATOR_HOST: Type.Optional(
      formatted(FORMATS.hostPort, 'host:port', {
        defaultText: '`127.0.0.1:$AUTH_EMULATOR_PORT` (none with `FIREBASE_API_KEY`)',
        description: 'emulator the API verifies tokens against',
      }),
    ),
    AUTH_EMULATOR_HUB: Type.Optional(
      formatted(FORMATS.hostPort, 'host:port', {
        description:
          "the emulator's hub when the emulator is the store's own: the API has it save the accounts to the data folder as people sign in (`npm start` and `npm run dev` set it)",
      }),
    ),
    FIREBASE_PROJECT_ID: text({
      fallback: 'demo-store',
      expected: 'a Firebase project ID',
      description: 'Firebase project',
    }),
    FIREBASE_API_KEY: Type.Optional(
      text({
        expected: 'a Firebase web API key',
        defaultText: 'unset (the emulator)',
        description: 'web API key of a real Firebase project; turns the emulator off',
      }),
    ),
    FIREBASE_AUTH_DOMAIN: Type.Optional(
      text({
        expected: 'a host name',
        defaultText: '`$FIREBASE_PROJECT_ID.firebaseapp.com`',
        description: 'auth domain for the Google popup',
      }),
    ),
    ADMIN_EMAILS: Type.Transform(
      list(FORMATS.email, 'email addresses separated by commas', {
        fallback: ['admin@store.test'],
        description: 'emails that are admins once verified',
      }),
    )
      .Decode((emails) => emails.map((email) => email.toLowerCase()))
      .Encode((emails) => emails),
    JWT_SECRET: Type.Optional(
      text({
        minLength: 32,
        secret: true,
        defaultText: 'random, kept in `$DATA_DIR/jwt-secret`',
        description: "key of the app's access tokens; required in production",
      }),
    ),
    ACCESS_TOKEN_TTL: count(55, {
      description: 'seconds an app token lives (the SPA exchanges a new one silently)',
    }),
  }),

  ...section('Limits', {
    TOKEN_RATE_LIMIT: count(120, {
      description: 'token exchanges (`PUT /api/users/:email`) per client address per minute',
    }),
    WRITE_RATE_LIMIT: count(300, {
      description: 'writes (POST, PUT, PATCH, DELETE) per client address per minute',
    }),
    REQUEST_TIMEOUT: count(60, {
      description: 'seconds a request (headers and body) may take to arrive',
    }),
    MAX_CONNECTIONS: count(1000, {
      description: 'open connections at most; more are closed on arrival',
    }),
    MAX_CONNECTIONS_PER_ADDRESS: count(200, {
      defaultNote: 'none with `TRUST_PROXY`',
      description:
        'open connections at most from one client address (an IPv6 /64), per API process; more get a 503',
    }),
  }),

  ...section('Payments', {
    PAYMENT_PROVIDER: oneOf(['local', 'stripe'], 'local', {
      description: '`local` (Stripe test cards, no network; not in production) or `stripe`',
    }),
    TAX_PROVIDER: oneOf(['store', 'stripe'], 'store', {
      description:
        "who works out a market checkout's tax: `store` (the markets' own rate tables) or `stripe` (Stripe Tax; needs `STRIPE_SECRET_KEY`)",
    }),
    STRIPE_SECRET_KEY: Type.Optional(
      text({
        secret: true,
        expected: 'a Stripe secret key',
        description: 'required when `PAYMENT_PROVIDER=stripe`',
      }),
    ),
    STRIPE_PUBLISHABLE_KEY: Type.Optional(
      text({
        expected: 'a Stripe publishable key',
        description: 'required when `PAYMENT_PROVIDER=stripe`',
      }),
    ),
    STRIPE_WEBHOOK_SECRET: Type.Optional(
      text({
        secret: true,
        expected: "a Stripe webhook's signing secret",
        description: "checks that Stripe's webhook calls are Stripe's",
      }),
    ),
    STRIPE_API_BASE: Type.Optional(
      text({
        expected: 'a URL',
        defaultText: "unset (Stripe's own)",
        description: 'another Stripe API address (tests use a local stub)',
      }),
    ),
    REFUND_RECHECK_SECONDS: count(3600, {
      description:
        'a refund still pending at Stripe this long after it was asked for is asked about again, and again each such period while it stays pending (see [Orders](orders.md))',
    }),
  }),

  ...section('Pictures', {
    IMGBB_KEY: Type.Optional(
      text({
        secret: true,
        expected: 'an imgbb API key',
        description: 'keep pictures on imgbb instead of the database (the API uploads them)',
      }),
    ),
    IMGBB_UPLOAD_URL: text({
      fallback: 'https://api.imgbb.com/1/upload',
      expected: 'a URL',
      description: "imgbb's upload address (tests use a local stub)",
    }),
    PICTURE_HOSTS: Type.Transform(
      list(FORMATS.host, 'host names like cdn.supplier.example, separated by commas', {
        fallback: [],
        description:
          "hosts the catalogue's CSV may name pictures on (`pictures` column: fetched, checked and re-encoded like an upload); the store's own addresses are always taken, any other host is refused",
      }),
    )
      .Decode((entries) => entries.map((entry) => parseHost(entry)!))
      .Encode((hosts) => hosts.map(hostText)),
    IMAGE_QUOTA_MB: count(20, {
      description: 'megabytes of pictures one account may keep stored',
    }),
    UNUSED_IMAGE_SECONDS: count(3600, {
      description: 'how long an upload no product, review or profile uses is kept',
    }),
  }),

  ...section('Orders and delivery', {
    ORDER_HOLD_SECONDS: count(30 * 60, {
      defaultNote: '30 minutes',
      description: 'how long an unpaid order holds its stock before it expires',
    }),
    MAX_HELD_UNITS: count(50, {
      description: 'units one account may hold in unpaid orders at once',
    }),
    MAX_HELD_SHARE: count(50, {
      max: 100,
      description:
        "percent of a product's stock (available plus held) that unpaid orders of all accounts together may hold, at least 4 units",
    }),
    STORE_TIME_ZONE: Type.Transform(
      formatted(FORMATS.timeZone, 'a time zone name like Europe/Warsaw', {
        fallback: 'Europe/Warsaw',
        description:
          "the shop's time zone (an IANA name): which day is today when the fitting days are listed",
      }),
    )
      .Decode(
        (value) => new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone,
      )
      .Encode((value) => value),
    DELIVERY_DAYS_MIN: count(2, {
      max: 60,
      description:
        'the shortest delivery product pages state, in working days ("Delivered in 2–4 working days")',
    }),
    DELIVERY_DAYS_MAX: count(4, {
      max: 60,
      description: 'the longest delivery product pages state; at least `DELIVERY_DAYS_MIN`',
    }),
    STORE_LEGAL_NAME: text({
      fallback: 'Tyre & Auto Parts Store',
      description: 'the seller named on every receipt and invoice: the business as registered',
    }),
    STORE_ADDRESS: text({
      fallback: '12 Foundry Lane, Springfield',
      description: "the seller's address on every receipt and invoice",
    }),
  }),

  ...section('Email', {
    EMAIL: oneOf(['on', 'off'], 'on', {
      description:
        '`off` sends no email (the outbox is still written); lets production start without `SMTP_URL`',
    }),
    SMTP_URL: Type.Optional(
      formatted(FORMATS.smtpUrl, 'a URL like smtp://user:password@host:587', {
        secret: true,
        defaultText: 'unset (no email)',
        description:
          "the SMTP server that sends the store's emails (`smtps://` for TLS from the start); required in production unless `EMAIL=off`",
      }),
    ),
    MAIL_FROM: Type.Optional(
      formatted(FORMATS.sender, 'an address like "Tyre Store <shop@tyres.example>"', {
        defaultText: "`Tyre & Auto Parts Store <no-reply@$PUBLIC_URL's host>`",
        description: 'the sender of the emails (`address` or `Name <address>`)',
      }),
    ),
    SHOP_EMAIL: Type.Transform(
      list(FORMATS.email, 'email addresses separated by commas', {
        fallback: [],
        defaultText: 'unset (`ADMIN_EMAILS`)',
        description: 'where the admins\' emails ("paid order to ship") go',
      }),
    )
      .Decode((emails) => emails.map((email) => email.toLowerCase()))
      .Encode((emails) => emails),
    EMAIL_RETRY_SECONDS: count(30, {
      description:
        'first retry delay of an email the server refused with 4xx or could not take (doubled each time, an hour at most)',
    }),
    EMAIL_MAX_ATTEMPTS: count(20, {
      description: 'attempts at an email that keeps meeting 4xx before it is given up',
    }),
    EMAIL_WORKER_TIMEOUT_SECONDS: count(120, {
      description:
        'an API process whose email workers were not seen for this long is taken for gone: the email jobs it held are sent by another (see [Emails](emails.md))',
    }),
  }),

  ...section('Development', {
    DEV_PORT: port(3000, { description: "`npm run dev`'s webpack-dev-server" }),
  }),
});

export type VariableName = keyof typeof variables.properties;
