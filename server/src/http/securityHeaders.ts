import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
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
 * helmet with a Content-Security-Policy the SPA works under: no inline or eval'd scripts. The
 * headers are worked out once here; @fastify/helmet would build them again on every request,
 * which cost the catalogue a tenth of its throughput.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const origins = thirdPartyOrigins(config);
  const setHeaders = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
}
