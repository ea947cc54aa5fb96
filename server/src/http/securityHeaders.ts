import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';

/** Origins the SPA talks to besides its own: identity, payments, image host. */
function thirdPartyOrigins(config: Config) {
  const emulator = config.firebase.authEmulatorHost;
  return {
    connect: [
      ...(emulator ? [`http://${emulator}`] : []),
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      'https://api.stripe.com',
    ],
    frame: [
      // Firebase's popup sign-in talks through a hidden frame of the auth domain (or emulator).
      ...(emulator ? [`http://${emulator}`] : []),
      `https://${config.firebase.authDomain}`,
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ],
    // Stripe.js, and Google's loader that Firebase's popup sign-in needs (emulator included).
    script: ['https://js.stripe.com', 'https://apis.google.com'],
    img: ['https://i.ibb.co', 'https://*.stripe.com'],
  };
}

/**
 * What helmet's middleware does to a response, recorded on a stand-in: the headers it sets
 * (lower-cased, as Fastify keeps them). Nothing in our settings depends on the request.
 */
function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
) {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously: its headers were not recorded');
  return Object.freeze(headers);
}

/**
 * helmet with a Content-Security-Policy the SPA works under: no inline or eval'd scripts. The
 * headers are worked out once here (@fastify/helmet built them on every request, which cost the
 * catalogue a tenth of its throughput) and go on every reply as Fastify's own headers: running
 * helmet's chain of middlewares per request, each setting its header on the raw response, was
 * still 7% of the API's CPU under the catalogue's load (docs/profile-api-product.md).
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const origins = thirdPartyOrigins(config);
  const headers = recordHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...origins.script],
          // styled-components writes its rules into <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...origins.img],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...origins.connect],
          frameSrc: ["'self'", ...origins.frame],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // Firebase's Google popup sign-in needs to talk back to its opener window.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  // Reply headers reach every answer the request gets, errors and 304s included, and a route
  // may still replace one (reply.header) or drop it (reply.removeHeader).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
