import { SignJWT } from 'jose';
import { emulatorAccounts } from '../../scripts/emulatorAccounts';
import { appToken, bearer, firebaseIdToken, uniqueEmail } from './identity';
import { startTestApp, testConfig, type TestApp } from './testApp';

const unsignedToken = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
    JSON.stringify(claims),
  ).toString('base64url')}.`;

describe('users and tokens', () => {
  let t: TestApp;
  const admin = uniqueEmail('admin');
  const unverifiedAdmin = uniqueEmail('admin');
  beforeAll(async () => {
    t = await startTestApp({ adminEmails: [admin, unverifiedAdmin] });
  });
  afterAll(() => t.close());

  describe('token exchange: PUT /api/users/:email', () => {
    it('trades a Firebase ID token for an app token', async () => {
      const email = uniqueEmail('shopper');
      const idToken = await firebaseIdToken(email);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${email}`,
        headers: bearer(idToken),
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      const { token } = res.json();
      expect(token.split('.')).toHaveLength(3);
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${email}`,
        headers: bearer(token),
      });
      expect(me.json()).toEqual({ admin: false });
    });

    it('refuses a Firebase token of another account (403)', async () => {
      const idToken = await firebaseIdToken(uniqueEmail('mallory'));
      const victim = uniqueEmail('victim');
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${victim}`,
        headers: bearer(idToken),
        payload: { email: victim },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only get a token for your own account.');
    });

    it.each([
      ['no token', {}],
      ['garbage', bearer('not-a-token')],
      [
        'a forged unsigned token without Firebase claims',
        bearer(unsignedToken({ email: 'x@y.z' })),
      ],
    ])('answers 401 to %s', async (_what, headers) => {
      const email = uniqueEmail('nobody');
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${email}`,
        headers,
        payload: {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', message: expect.any(String) });
    });

    it('never takes a role from the body', async () => {
      const email = uniqueEmail('climber');
      const idToken = await firebaseIdToken(email);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${email}`,
        headers: bearer(idToken),
        payload: { email, role: 'admin' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('role is not a field the store takes here.');
    });

    it('makes verified ADMIN_EMAILS accounts admins from their first sign-in', async () => {
      const token = await appToken(t.app, admin, { verified: true });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${admin}`,
        headers: bearer(token),
      });
      expect(res.json()).toEqual({ admin: true });
    });

    it('keeps an unverified ADMIN_EMAILS account a shopper until its email is verified', async () => {
      const token = await appToken(t.app, unverifiedAdmin);
      const check = () =>
        t.app.inject({
          method: 'GET',
          url: `/api/users`,
          headers: bearer(token),
        });
      expect((await check()).statusCode).toBe(403);
      await appToken(t.app, unverifiedAdmin, { verified: true });
      expect((await check()).statusCode).toBe(200);
    });

    it('answers a malformed email with 400', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/not-an-email',
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Email must be an email address like name@example.com.');
    });
  });

  describe('app tokens', () => {
    const secret = testConfig().jwtSecret!;
    const sign = (claims: Record<string, unknown>, key = secret, alg = 'HS256') =>
      new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(key));
    const now = () => Math.floor(Date.now() / 1000);
    let userId: string;
    let sessionId: string;
    let email: string;
    beforeAll(async () => {
      email = uniqueEmail('holder');
      const token = await appToken(t.app, email);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      userId = claims.sub;
      sessionId = claims.sid;
    });
    const valid = () => ({
      sub: userId,
      ver: 0,
      sid: sessionId,
      iss: 'tyre-store',
      aud: 'tyre-store-api',
      iat: now(),
      exp: now() + 600,
    });

    it('accepts a well-formed token', async () => {
      const token = await sign(valid());
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${email}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['alg none', async () => unsignedToken(valid())],
      ['a wrong key', async () => sign(valid(), 'another-secret-another-secret-another-secret')],
      ['HS512', async () => sign(valid(), secret, 'HS512')],
      ['an expired token', async () => sign({ ...valid(), iat: now() - 7200, exp: now() - 3600 })],
      [
        'an iat in the future',
        async () => sign({ ...valid(), iat: now() + 3600, exp: now() + 7200 }),
      ],
      ['another audience', async () => sign({ ...valid(), aud: 'another-api' })],
      ['another issuer', async () => sign({ ...valid(), iss: 'someone-else' })],
      ['an old token version', async () => sign({ ...valid(), ver: -1 })],
      ['no token version', async () => sign({ ...valid(), ver: undefined })],
      ['no session', async () => sign({ ...valid(), sid: undefined })],
      ['a session that is not a uuid', async () => sign({ ...valid(), sid: "x' or '1'='1" })],
      [
        'a session that does not exist',
        async () => sign({ ...valid(), sid: '3f1c2a5e-1111-4222-8333-944455556666' }),
      ],
      [
        'an iat older than the token lifetime',
        async () => sign({ ...valid(), iat: now() - 120, exp: now() + 600 }),
      ],
      ['no expiry', async () => sign({ ...valid(), exp: undefined })],
      [
        'an unknown user',
        async () => sign({ ...valid(), sub: '3f1c2a5e-1111-4222-8333-944455556666' }),
      ],
    ])('answers 401 to %s', async (_what, make) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${email}`,
        headers: bearer(await make()),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Unauthorized');
    });
  });

  describe('admin check, user list and promotion', () => {
    let adminToken: string;
    let shopper: string;
    let shopperToken: string;
    beforeAll(async () => {
      adminToken = await appToken(t.app, admin, { verified: true });
      shopper = uniqueEmail('shopper');
      shopperToken = await appToken(t.app, shopper, { verified: true });
    });

    it('lets a shopper ask about themselves but not about others (403)', async () => {
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${shopper}`,
        headers: bearer(shopperToken),
      });
      expect(own.json()).toEqual({ admin: false });
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${admin}`,
        headers: bearer(shopperToken),
      });
      expect(other.statusCode).toBe(403);
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${shopper}`,
        headers: bearer(adminToken),
      });
      expect(asAdmin.json()).toEqual({ admin: false });
    });

    it('lists users for staff who may read the customers only', async () => {
      const denied = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: bearer(shopperToken),
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({
        error: 'Forbidden',
        message: "Only the store's staff can do this.",
      });
      const missing = await t.app.inject({ method: 'GET', url: '/api/users' });
      expect(missing.statusCode).toBe(401);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        expect.arrayContaining([
          { _id: expect.any(String), email: admin, role: 'admin' },
          { _id: expect.any(String), email: shopper, role: 'user' },
        ]),
      );
    });

    it('refuses a shopper promoting themselves', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/admin/${shopper}`,
        headers: bearer(shopperToken),
      });
      expect(res.statusCode).toBe(403);
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${shopper}`,
        headers: bearer(shopperToken),
      });
      expect(check.json()).toEqual({ admin: false });
    });

    it('promotes once: modifiedCount 1, then 0; the new admin is admin at once', async () => {
      const first = await t.app.inject({
        method: 'PUT',
        url: `/api/users/admin/${shopper}`,
        headers: bearer(adminToken),
      });
      expect(first.json()).toEqual({ modifiedCount: 1 });
      const again = await t.app.inject({
        method: 'PUT',
        url: `/api/users/admin/${shopper}`,
        headers: bearer(adminToken),
      });
      expect(again.json()).toEqual({ modifiedCount: 0 });
      // Same token as before: the role is read from the database, not the token.
      const users = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: bearer(shopperToken),
      });
      expect(users.statusCode).toBe(200);
    });

    it('promotes an account only once its email is verified (409 before)', async () => {
      const email = uniqueEmail('unverified');
      await appToken(t.app, email);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/admin/${email}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/not verified their email/);

      // The owner clicks the link; the store asks Firebase at the promotion, not at sign-in.
      const accounts = emulatorAccounts(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
      await accounts.markEmailVerified((await accounts.uidOf(email))!);
      const again = await t.app.inject({
        method: 'PUT',
        url: `/api/users/admin/${email}`,
        headers: bearer(adminToken),
      });
      expect(again.json()).toEqual({ modifiedCount: 1 });
    });

    it('answers 404 for promoting someone who never signed in', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/admin/${uniqueEmail('ghost')}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(404);
    });
  });
  describe('LogOut and accounts', () => {
    it('POST /api/logout ends the token at once (204, then 401)', async () => {
      const email = uniqueEmail('leaver');
      const token = await appToken(t.app, email);
      const mine = () =>
        t.app.inject({ method: 'GET', url: `/api/order?email=${email}`, headers: bearer(token) });
      expect((await mine()).statusCode).toBe(200);
      const out = await logOut(token);
      expect(out.statusCode).toBe(204);
      const after = await mine();
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('You have signed out. Please sign in again.');
      // Signing in again gives a working token.
      const again = await appToken(t.app, email);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/order?email=${email}`,
            headers: bearer(again),
          })
        ).statusCode,
      ).toBe(200);
    });

    const exchange = (email: string, idToken: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${encodeURIComponent(email)}`,
        headers: bearer(idToken),
        payload: { email },
      });
    const selfCheck = (email: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/${email}`, headers: bearer(token) });
    /** `POST /api/logout` with this app token, and the body if any. */
    const logOut = (token: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token), payload });
    // Firebase dates a sign-in (auth_time) to the second: two devices sign in seconds apart.
    const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

    it('LogOut ends this device only: another sign-in of the account keeps working', async () => {
      const email = uniqueEmail('two.devices');
      const phoneId = await firebaseIdToken(email);
      await nextSecond();
      const laptopId = await firebaseIdToken(email);
      const phone = (await exchange(email, phoneId)).json().token as string;
      const laptop = (await exchange(email, laptopId)).json().token as string;
      // Renewing on the same device (same sign-in) keeps its session.
      const phoneAgain = (await exchange(email, phoneId)).json().token as string;
      const sid = (token: string) =>
        JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
      expect(sid(phoneAgain)).toBe(sid(phone));
      expect(sid(laptop)).not.toBe(sid(phone));

      await nextSecond();
      const out = await logOut(phone);
      expect(out.statusCode).toBe(204);
      expect((await selfCheck(email, phone)).statusCode).toBe(401);
      expect((await selfCheck(email, phoneAgain)).statusCode).toBe(401);
      const replay = await exchange(email, phoneId);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe(
        'You signed out on this device since this sign-in: please sign in again.',
      );
      expect((await selfCheck(email, laptop)).statusCode).toBe(200);
      expect((await exchange(email, laptopId)).statusCode).toBe(200);
    });

    it('LogOut with everywhere: true ends every session of the account', async () => {
      const email = uniqueEmail('everywhere');
      const phoneId = await firebaseIdToken(email);
      await nextSecond();
      const laptopId = await firebaseIdToken(email);
      const phone = (await exchange(email, phoneId)).json().token as string;
      const laptop = (await exchange(email, laptopId)).json().token as string;
      await nextSecond();
      const out = await logOut(phone, { everywhere: true });
      expect(out.statusCode).toBe(204);
      for (const token of [phone, laptop]) {
        expect((await selfCheck(email, token)).statusCode).toBe(401);
      }
      // Firebase itself now refuses them (their sessions were revoked), before the store's check.
      for (const idToken of [phoneId, laptopId]) {
        const refused = await exchange(email, idToken);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().message).toBe(
          'This sign-in was ended (signed out everywhere). Please sign in again.',
        );
      }
      await nextSecond();
      const fresh = (await exchange(email, await firebaseIdToken(email))).json().token as string;
      expect((await selfCheck(email, fresh)).statusCode).toBe(200);
    });

    it('refuses a sign-in dated in the same second as Sign out everywhere', async () => {
      const email = uniqueEmail('same.second');
      /** The second Firebase dates the sign-in to. */
      const authTime = (idToken: string) =>
        (
          JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
            auth_time: number;
          }
        ).auth_time;
      let idToken = '';
      // A sign-in, then Sign out everywhere in its second (the first try, unless the clock
      // turned in between: then again, a second later).
      for (let tries = 0; tries < 5; tries += 1) {
        if (tries > 0) await nextSecond();
        idToken = await firebaseIdToken(email);
        const token = (await exchange(email, idToken)).json().token as string;
        const out = await logOut(token, { everywhere: true });
        expect(out.statusCode).toBe(204);
        if (Math.floor(Date.now() / 1000) === authTime(idToken)) break;
      }
      const refused = await exchange(email, idToken);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(
        'You signed out everywhere since this sign-in: please sign in again.',
      );
      await nextSecond();
      const fresh = await exchange(email, await firebaseIdToken(email));
      expect(fresh.statusCode).toBe(200);
    });

    it('refuses a LogOut body with anything but everywhere (400)', async () => {
      const token = await appToken(t.app, uniqueEmail('odd.logout'));
      const res = await logOut(token, { everywhere: true, allUsers: true });
      expect(res.statusCode).toBe(400);
    });

    it('a new account with a deleted account’s email is a new user', async () => {
      const email = uniqueEmail('reborn');
      const old = await appToken(t.app, email);
      const accounts = emulatorAccounts(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
      await accounts.remove((await accounts.uidOf(email))!);
      const fresh = await appToken(t.app, email);
      const oldCall = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${email}`,
        headers: bearer(old),
      });
      expect(oldCall.statusCode).toBe(401);
      const freshCall = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${email}`,
        headers: bearer(fresh),
      });
      expect(freshCall.json()).toEqual({ admin: false });
      const ids = (token: string) =>
        JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
      expect(ids(fresh)).not.toBe(ids(old));
    });
  });
});

describe('rate limit on the token exchange', () => {
  it('answers 429 with a JSON message after too many exchanges', async () => {
    const t = await startTestApp({
      rateLimits: { tokenExchangePerMinute: 3, writesPerMinute: 1000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await t.app.inject({ method: 'PUT', url: '/api/users/a@b.test', payload: {} });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toMatch(/^Too many requests/);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('rate limit on writes', () => {
  it('answers 429 once a client sends too many writes in a minute; reads stay open', async () => {
    const t = await startTestApp({
      rateLimits: { tokenExchangePerMinute: 1000, writesPerMinute: 2 },
    });
    try {
      const write = () => t.app.inject({ method: 'POST', url: '/api/order', payload: {} });
      expect((await write()).statusCode).toBe(401);
      expect((await write()).statusCode).toBe(401);
      const limited = await write();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Too many requests/),
      });
      for (let i = 0; i < 5; i += 1) {
        expect((await t.app.inject({ method: 'GET', url: '/api/product' })).statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});
