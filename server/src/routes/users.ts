import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppTokens } from '../auth/appToken';
import type { IdentityVerifier } from '../auth/firebase';
import { assertSelfOrAdmin, bearerToken, identityOf, type Guards } from '../auth/guards';
import { ErrorResponse } from '../contract/common';
import {
  AdminCheck,
  EmailParams,
  ModifiedCount,
  TokenExchangeBody,
  TokenResponse,
  UserList,
} from '../contract/users';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';

export interface UserRouteDeps {
  db: Db;
  guards: Guards;
  verifier: IdentityVerifier;
  tokens: AppTokens;
  adminEmails: string[];
  tokenExchangePerMinute: number;
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
        params: EmailParams,
        body: TokenExchangeBody,
        response: { 200: TokenResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const idToken = bearerToken(request);
      if (!idToken) {
        throw new HttpError(401, 'Send your Firebase ID token as Authorization: Bearer <token>.');
      }
      let identity;
      try {
        identity = await verifier.verify(idToken);
      } catch (err) {
        request.log.info({ err }, 'Firebase ID token refused');
        throw new HttpError(401, 'Your sign-in could not be verified. Please sign in again.');
      }
      const email = request.params.email.toLowerCase();
      if (
        identity.email !== email ||
        (request.body?.email && request.body.email.toLowerCase() !== email)
      ) {
        throw new HttpError(403, 'You can only get a token for your own account.');
      }

      const role = admins.has(email) ? ('admin' as const) : ('user' as const);
      const [user] = await db
        .insert(users)
        .values({ email, role, firebaseUid: identity.uid })
        .onConflictDoUpdate({
          target: users.email,
          // An ADMIN_EMAILS account is admin from its first sign-in on; nobody is demoted here.
          set: {
            firebaseUid: identity.uid,
            ...(role === 'admin' ? { role: 'admin' as const } : {}),
          },
        })
        .returning();
      if (!user) throw new Error('user upsert returned nothing');
      return { token: await tokens.sign({ userId: user.id, email: user.email }) };
    },
  );

  app.get(
    '/admin/:email',
    {
      preValidation: guards.requireUser,
      schema: {
        params: EmailParams,
        response: { 200: AdminCheck, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      assertSelfOrAdmin(identityOf(request), email);
      const [user] = await db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, email));
      return { admin: user?.role === 'admin' };
    },
  );

  app.get(
    '/users',
    {
      preValidation: guards.requireAdmin,
      schema: { response: { 200: UserList, 401: ErrorResponse, 403: ErrorResponse } },
    },
    async () => {
      const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
      return rows.map((row) => ({ _id: row.id, email: row.email, role: row.role }));
    },
  );

  app.put(
    '/users/admin/:email',
    {
      preValidation: guards.requireAdmin,
      schema: {
        params: EmailParams,
        response: {
          200: ModifiedCount,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      // One statement: promote unless already admin, so two admins clicking at once count once.
      const promoted = await db
        .update(users)
        .set({ role: 'admin' })
        .where(and(eq(users.email, email), ne(users.role, 'admin')))
        .returning({ id: users.id });
      if (promoted.length > 0) return { modifiedCount: promoted.length };
      const [exists] = await db
        .select({ n: sql<number>`1` })
        .from(users)
        .where(eq(users.email, email));
      if (!exists) throw new HttpError(404, 'No user with this email has signed in to the store.');
      return { modifiedCount: 0 };
    },
  );
};
