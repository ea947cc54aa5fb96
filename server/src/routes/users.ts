import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { claimGuestOrders } from '../guests/claimGuestOrders';
import { refusals } from '../refusals';
import { Type } from '@sinclair/typebox';
import { decodeJwt } from 'jose';
import type { AppTokens } from '../auth/appToken';
import type { IdentityVerifier } from '../auth/firebase';
import { assertSelfOrAdmin, bearerToken, identityOf, type Guards } from '../auth/guards';
import { recordAudit } from '../audit/auditTrail';
import {
  AdminCheck,
  EmailParams,
  LogOutBody,
  ModifiedCount,
  TokenExchangeBody,
  TokenResponse,
  UserList,
} from '../../../contract/users';
import type { Db } from '../db/client';
import { failures, firebaseSignIn, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import {
  activeUserWithRoles,
  actsAsAdmin,
  listActiveUsers,
  endSession,
  markDeleted,
  openSession,
  promote,
  signInAccount,
  signOutEverywhere,
} from '../users/userTable';

export interface UserRouteDeps {
  db: Db;
  guards: Guards;
  verifier: IdentityVerifier;
  tokens: AppTokens;
  adminEmails: string[];
  tokenExchangePerMinute: number;
}

/** Why Firebase refused an ID token, in the user's words (firebase-admin's error codes). */
function refusalMessage(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'auth/user-disabled') return 'This account has been disabled.';
  if (code === 'auth/user-not-found') return 'This account no longer exists.';
  if (code === 'auth/id-token-revoked') {
    return 'This sign-in was ended (signed out everywhere). Please sign in again.';
  }
  return 'Your sign-in could not be verified. Please sign in again.';
}

/**
 * When the person signed in on the device (ms): the `auth_time` of the ID token the verifier
 * just accepted, which Firebase keeps in every ID token it renews for that sign-in.
 */
function signInTime(idToken: string, issuedAt: number): number {
  const authTime = decodeJwt(idToken).auth_time;
  return typeof authTime === 'number' && Number.isSafeInteger(authTime)
    ? Math.min(authTime * 1000, issuedAt)
    : issuedAt;
}

export const userRoutes: FastifyPluginAsyncTypebox<UserRouteDeps> = async (app, deps) => {
  const { db, guards, verifier, tokens } = deps;
  const admins = new Set(deps.adminEmails);

  /**
   * Token exchange: a verified Firebase ID token for the app's access token. The account is the
   * token's, never the body's; the role is the database's (or ADMIN_EMAILS'), never the client's.
   */
  app.put(
    '/users/:email',
    {
      config: { rateLimit: { max: deps.tokenExchangePerMinute, timeWindow: '1 minute' } },
      schema: {
        operationId: 'exchangeToken',
        summary: 'Trade a Firebase ID token (as the bearer) for an app access token',
        tags: ['users'],
        security: firebaseSignIn,
        params: EmailParams,
        body: withExample(TokenExchangeBody, { email: 'shopper@store.test' }),
        response: { 200: TokenResponse, ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const idToken = bearerToken(request);
      if (!idToken) {
        throw new HttpError(401, refusals.signIn.idTokenMissing);
      }
      let identity;
      try {
        identity = await verifier.verify(idToken);
      } catch (err) {
        request.log.info({ err }, 'Firebase ID token refused');
        throw new HttpError(401, refusalMessage(err));
      }
      const email = request.params.email.toLowerCase();
      if (
        identity.email !== email ||
        (request.body?.email && request.body.email.toLowerCase() !== email)
      ) {
        throw new HttpError(403, refusals.signIn.ownTokenOnly);
      }

      const signedInAt = signInTime(idToken, identity.issuedAt);
      const user = await signInAccount(db, identity, admins, signedInAt);
      // Orders placed as a guest with this (verified) email join the account.
      await claimGuestOrders(db, user);
      const sessionId = await openSession(db, user.id, signedInAt, identity.issuedAt);
      return {
        token: await tokens.sign({ userId: user.id, version: user.tokenVersion, sessionId }),
      };
    },
  );

  app.get(
    '/admin/:email',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'checkAdmin',
        summary: 'Whether the user with this email is an admin (self, or anyone for an admin)',
        tags: ['users'],
        security: signedIn,
        params: EmailParams,
        response: { 200: AdminCheck, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      const caller = identityOf(request);
      assertSelfOrAdmin(caller, email);
      if (caller.email === email) return { admin: caller.role === 'admin' };
      const user = await activeUserWithRoles(db, email);
      return { admin: user !== null && actsAsAdmin(user) };
    },
  );

  app.get(
    '/users',
    {
      preValidation: guards.allow('customers.read'),
      schema: {
        operationId: 'listUsers',
        summary:
          'Every current user (staff who may read the customers); accounts deleted in Firebase are left out',
        tags: ['users'],
        security: signedIn,
        response: { 200: UserList, ...failures(401, 403) },
      },
    },
    async (request) => {
      let rows = await listActiveUsers(db);
      // Accounts deleted in Firebase are closed here and left out, rather than listed forever.
      try {
        const gone = await verifier.deletedAccounts(rows.map((row) => row.firebaseUid));
        if (gone.size > 0) {
          await markDeleted(db, [...gone]);
          rows = rows.filter((row) => !gone.has(row.firebaseUid));
        }
      } catch (err) {
        request.log.warn({ err }, 'could not ask Firebase which accounts still exist');
      }
      return rows.map((row) => ({
        _id: row.id,
        email: row.email,
        role: actsAsAdmin(row) ? ('admin' as const) : ('user' as const),
      }));
    },
  );

  app.put(
    '/users/admin/:email',
    {
      preValidation: guards.allow('roles.manage'),
      schema: {
        operationId: 'promoteUser',
        summary: 'Make the user with this (verified) email an admin (the owner only)',
        tags: ['users'],
        security: signedIn,
        params: EmailParams,
        response: { 200: ModifiedCount, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = identityOf(request);
      const email = request.params.email.toLowerCase();
      const modifiedCount = await promote(
        db,
        email,
        (uid) => verifier.emailVerified(uid),
        (tx) =>
          recordAudit(tx, caller, [
            {
              kind: 'roles',
              action: 'make admin',
              objectType: 'person',
              objectId: email,
              after: { granted: 'admin' },
            },
          ]),
      );
      return { modifiedCount };
    },
  );

  /**
   * LogOut: this device's session ends here and now (its app tokens, and exchanging its sign-in
   * again), not when its tokens expire; other devices stay signed in. With `everywhere`, every
   * session of the account ends.
   */
  app.post(
    '/logout',
    {
      // A LogOut without a body (the SPA's) is this device's: validated as an empty object.
      preValidation: [
        guards.requireUser,
        async (request) => {
          request.body ??= {};
        },
      ],
      schema: {
        operationId: 'logOut',
        summary:
          "Sign out this device (the caller's session), or every device with everywhere: true",
        tags: ['users'],
        security: signedIn,
        body: withExample(LogOutBody, { everywhere: false }),
        response: {
          204: Type.Null({ description: 'Signed out: the tokens no longer work' }),
          ...failures(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = identityOf(request);
      if (request.body?.everywhere) {
        const { firebaseUid } = await signOutEverywhere(db, caller.userId);
        // Firebase's refresh tokens too: one stolen before must never mint a sign-in again.
        await verifier.revokeSessions(firebaseUid);
      } else {
        await endSession(db, caller.userId, caller.sessionId);
      }
      return reply.status(204).send(null);
    },
  );
};

/** The pages whose forms hold a password: /login and /register. */
const SIGN_IN_PAGES = ['/login', '/register'] as const;

/**
 * What a sign-in form sent without JavaScript (switched off, or not yet run) reaches: the forms
 * say `method="post"`, so the password never goes into an address, a history entry or a log line
 * (Fastify logs the method and the URL, never a body). Signing in happens in the browser, with
 * Firebase, so the server has nothing to do with what was typed: it drains the body unread and
 * sends the browser back to the page (303, a GET), which says without JavaScript that signing in
 * needs it. Registered beside the pages, outside /api.
 */
export const signInFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Any body at all (urlencoded, multipart, text), streamed away and never kept.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.on('error', done);
    payload.on('end', () => done(null, undefined));
    payload.resume();
  });
  for (const path of SIGN_IN_PAGES) {
    app.post(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.code(303).header('location', path).header('cache-control', 'no-store').send(),
    );
  }
};
