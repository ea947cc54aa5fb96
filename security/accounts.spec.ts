import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../playwright/fixtures';
import { decodeJwt, SignJWT } from 'jose';
import { SECURITY_JWT_SECRET, UNCLAIMED_ADMIN_EMAIL } from '../playwright.security.config';
import { emulatorAccounts, type EmulatorAccounts } from '../scripts/emulatorAccounts';
import { appTokenFor, bearer, emulatorUrl, exchange, idTokenFor, uniqueEmail } from './identity';
import { expectRefused } from './refusal';

// Identity follows the Firebase account (its uid), not the email; app tokens die with the
// account, the session or LogOut.

let accounts: EmulatorAccounts;
test.beforeAll(async ({ request }) => {
  accounts = emulatorAccounts(await emulatorUrl(request));
});

async function uid(email: string): Promise<string> {
  const found = await accounts.uidOf(email);
  if (!found) throw new Error(`no emulator account for ${email}`);
  return found;
}

async function order(request: APIRequestContext, token: string) {
  const [product] = await (await request.get('/api/product')).json();
  const res = await request.post('/api/order', {
    headers: bearer(token),
    data: {
      productId: product._id,
      name: 'Old',
      address: '1 Road',
      number: '555 0100',
      quantity: 1,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string };
}

const listUsers = (request: APIRequestContext, token: string) =>
  request.get('/api/users', { headers: bearer(token) });

test.describe('identity follows the account, not the email', () => {
  test('an ADMIN_EMAILS address registered unverified is no admin and holds no stock until verified', async ({
    request,
  }) => {
    const email = UNCLAIMED_ADMIN_EMAIL;
    const earlier = await accounts.uidOf(email);
    if (earlier) await accounts.remove(earlier); // a retry of this test
    const token = await appTokenFor(request, email, { verified: false });
    await expectRefused(await listUsers(request, token), 403);
    const check = await request.get(`/api/admin/${encodeURIComponent(email)}`, {
      headers: bearer(token),
    });
    expect(await check.json()).toEqual({ admin: false });
    const [product] = await (await request.get('/api/product')).json();
    const refused = await request.post('/api/order', {
      headers: bearer(token),
      data: {
        productId: product._id,
        name: 'Old',
        address: '1 Road',
        number: '555 0100',
        quantity: 1,
      },
    });
    await expectRefused(refused, 403);
    expect((await refused.json()).message).toMatch(/^Verify your email before ordering/);

    await accounts.markEmailVerified(await uid(email));
    const verified = await appTokenFor(request, email);
    expect((await listUsers(request, verified)).status()).toBe(200);
    await order(request, verified);
  });

  test('an admin cannot promote an account whose email is not verified', async ({
    tokens,
    request,
  }) => {
    const email = uniqueEmail('unverified');
    const token = await appTokenFor(request, email, { verified: false });
    const admin = await tokens.admin();
    const promote = await request.put(`/api/users/admin/${encodeURIComponent(email)}`, {
      headers: bearer(admin),
    });
    await expectRefused(promote, 409);
    await expectRefused(await listUsers(request, token), 403);
  });

  test('a new account with a deleted account’s email inherits no role, order or profile', async ({
    tokens,
    request,
  }) => {
    const email = uniqueEmail('reborn');
    await appTokenFor(request, email);
    await accounts.markEmailVerified(await uid(email));
    const old = await appTokenFor(request, email);
    const admin = await tokens.admin();
    const promote = await request.put(`/api/users/admin/${encodeURIComponent(email)}`, {
      headers: bearer(admin),
    });
    expect(promote.status(), await promote.text()).toBe(200);
    const placed = await order(request, old);
    const profile = await request.post('/api/profile', {
      headers: bearer(old),
      data: {
        name: 'Old Owner',
        Department: 'Sales',
        Address: '1 Old Road',
        instituteName: 'Old School',
        Linkedin: 'https://example.com/old',
        image: '/images/x.png',
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);

    // The account is deleted in Firebase; someone registers the same email again.
    await accounts.remove(await uid(email));
    const fresh = await appTokenFor(request, email, { verified: false });
    await accounts.markEmailVerified(await uid(email));
    const freshVerified = await appTokenFor(request, email);
    for (const token of [fresh, freshVerified]) {
      await expectRefused(await listUsers(request, token), 403);
      const mine = await request.get(`/api/order?email=${encodeURIComponent(email)}`, {
        headers: bearer(token),
      });
      expect(await mine.json()).toEqual([]);
      await expectRefused(
        await request.get(`/api/order/${placed._id}`, { headers: bearer(token) }),
        403,
      );
      await expectRefused(
        await request.get(`/api/profile?email=${encodeURIComponent(email)}`, {
          headers: bearer(token),
        }),
        404,
      );
    }
    // The old account's token is dead, and All Users shows one account for the email.
    await expectRefused(await listUsers(request, old), 401);
    const all = (await (await listUsers(request, admin)).json()) as Array<{
      email: string;
      role: string;
    }>;
    expect(all.filter((user) => user.email === email)).toEqual([
      expect.objectContaining({ email, role: 'user' }),
    ]);
  });

  test('accounts deleted in Firebase are not listed in All Users', async ({ tokens, request }) => {
    const email = uniqueEmail('gone');
    await appTokenFor(request, email);
    const admin = await tokens.admin();
    const before = (await (await listUsers(request, admin)).json()) as Array<{ email: string }>;
    expect(before.map((user) => user.email)).toContain(email);
    await accounts.remove(await uid(email));
    const after = (await (await listUsers(request, admin)).json()) as Array<{ email: string }>;
    expect(after.map((user) => user.email)).not.toContain(email);
  });
});

test.describe('tokens that die when they should', () => {
  test('LogOut revokes the app token on the server', async ({ request }) => {
    const email = uniqueEmail('logout');
    const token = await appTokenFor(request, email);
    const mine = () =>
      request.get(`/api/order?email=${encodeURIComponent(email)}`, { headers: bearer(token) });
    expect((await mine()).status()).toBe(200);
    const out = await request.post('/api/logout', { headers: bearer(token) });
    expect(out.status(), await out.text()).toBe(204);
    await expectRefused(await mine(), 401);
  });

  test('a Firebase ID token from before LogOut cannot undo it', async ({ request }) => {
    const email = uniqueEmail('logout.replay');
    const before = await idTokenFor(request, email);
    // Firebase dates its tokens to the second: the LogOut comes in a later one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const token = await exchange(request, email, before);
    expect((await request.post('/api/logout', { headers: bearer(token) })).status()).toBe(204);
    const replay = await request.put(`/api/users/${encodeURIComponent(email)}`, {
      headers: bearer(before),
      data: { email },
    });
    await expectRefused(replay, 401);
    // Signing in again (a fresh ID token) works as before.
    expect(await exchange(request, email, await idTokenFor(request, email))).toBeTruthy();
  });

  for (const [what, act] of [
    ['disabled', (id: string) => accounts.disable(id)],
    ['deleted', (id: string) => accounts.remove(id)],
    ['signed out everywhere', (id: string) => accounts.revokeSessions(id)],
  ] as const) {
    test(`an account ${what} in Firebase gets no new app token for its old ID token`, async ({
      request,
    }) => {
      const email = uniqueEmail('revoked');
      const idToken = await idTokenFor(request, email);
      await exchange(request, email, idToken);
      // Revocation counts for sessions that began before the second it was made.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await act(await uid(email));
      await expectRefused(
        await request.put(`/api/users/${encodeURIComponent(email)}`, {
          headers: bearer(idToken),
          data: { email },
        }),
        401,
      );
    });
  }

  test('an app token lives a minute at most, whatever its expiry says', async ({ request }) => {
    const token = await appTokenFor(request, uniqueEmail('ttl'));
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(60);

    // The same claims, signed with the right key, issued 90 s ago and "valid" for an hour.
    const { iat: _iat, exp: _exp, ...rest } = claims;
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 90)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(SECURITY_JWT_SECRET));
    await expectRefused(await request.get('/api/order', { headers: bearer(old) }), 401);
  });

  test('a promotion counts from the next request with the same token', async ({
    tokens,
    request,
  }) => {
    const email = uniqueEmail('promoted');
    await appTokenFor(request, email);
    await accounts.markEmailVerified(await uid(email));
    const token = await appTokenFor(request, email);
    await expectRefused(await listUsers(request, token), 403);
    const admin = await tokens.admin();
    await request.put(`/api/users/admin/${encodeURIComponent(email)}`, { headers: bearer(admin) });
    expect((await listUsers(request, token)).status()).toBe(200);
  });
});
