import { expect, test, type APIRequestContext } from '@playwright/test';
import fc from 'fast-check';
import { decodeJwt, SignJWT } from 'jose';
import { SECURITY_JWT_SECRET } from '../playwright.security.config';
import { appTokenFor, bearer, uniqueEmail } from './identity';

/** How many requests the run sends in all (the issue asks for at least 5,000 in CI). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5200);

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
}

async function operations(request: APIRequestContext): Promise<Operation[]> {
  const doc = await (await request.get('/api/docs')).json();
  return Object.entries(
    doc.paths as Record<string, Record<string, { requestBody?: unknown }>>,
  ).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      hasBody: Boolean(op.requestBody),
    })),
  );
}

/** Path parameters: sometimes a real-looking id or email, often garbage. */
const segment = fc.oneof(
  fc.uuid(),
  fc.emailAddress(),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("1' OR '1'='1", '../../etc/passwd', '%00', '{"$gt":""}', '-1', '9'.repeat(40)),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });

test('every route survives random requests: no 5xx, JSON errors, still healthy', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const ops = await operations(request);
  expect(ops.length).toBeGreaterThanOrEqual(20);
  // App tokens live a minute; the fuzzer's own exchanges (random PUT /api/users/…) use up the
  // exchange limit, so it renews its token as the server would sign it: same claims, new iat.
  const claims = decodeJwt(await appTokenFor(request, uniqueEmail('fuzzer')));
  const renew = () =>
    new SignJWT({ ver: claims.ver, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setIssuer(claims.iss!)
      .setAudience(claims.aud!)
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode(SECURITY_JWT_SECRET));
  let token = await renew();
  let signedInAt = Date.now();
  let sent = 0;
  const failures: string[] = [];

  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ops),
      fc.array(segment, { minLength: 2, maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 }), { maxKeys: 3 }),
      fc.oneof(jsonValue, fc.dictionary(fc.string({ maxLength: 15 }), jsonValue)),
      fc.boolean(),
      async (op, segments, query, body, signedIn) => {
        let i = 0;
        const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(segments[i++] ?? 'x'));
        const url = `${path}?${new URLSearchParams(query).toString()}`;
        // LogOut is sent signed out only, or it would end the fuzzer's session for good.
        if (signedIn && Date.now() - signedInAt > 30_000) {
          token = await renew();
          signedInAt = Date.now();
        }
        const asUser = signedIn && path !== '/api/logout';
        const res = await request.fetch(url, {
          method: op.method,
          headers: asUser ? bearer(token) : {},
          ...(op.hasBody && op.method !== 'GET' ? { data: body } : {}),
          failOnStatusCode: false,
        });
        sent += 1;
        const status = res.status();
        if (status >= 500) failures.push(`${op.method} ${url} -> ${status}`);
        if (status >= 400) {
          const parsed = await res.json().catch(() => null);
          if (typeof parsed?.error !== 'string' || typeof parsed?.message !== 'string') {
            failures.push(`${op.method} ${url} -> ${status} without { error, message }`);
          }
        }
        return failures.length === 0;
      },
    ),
    { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );

  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(RUNS);
  expect((await request.get('/api/health')).status()).toBe(200);
});
