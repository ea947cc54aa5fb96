import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { Forbidden, NotSignedIn } from '../domainErrors';
import { actsAsAdmin, userAndSessionReader } from '../users/userTable';
import type { AppTokens } from './appToken';

export interface Identity {
  userId: string;
  email: string;
  role: 'user' | 'admin';
  /** The device's session the app token was issued to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, once `requireUser` ran; null before. */
    identity: Identity | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Hooks that establish who is calling. Routes run them at preValidation: after the rate limit,
 * before the body is validated, so a stranger gets 401 and learns nothing about the schema.
 * The user row and the token's session are read on every request, so a promotion, a LogOut
 * (the device's session), a Sign out everywhere (the token version) or a deleted account counts
 * at once, and nothing in the token can claim a role.
 */
export function createGuards(db: Db, tokens: AppTokens) {
  const userAndSession = userAndSessionReader(db);

  async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new NotSignedIn(refusals.signIn.noToken);
    let claims;
    try {
      claims = await tokens.verify(token);
    } catch {
      throw new NotSignedIn(refusals.signIn.badToken);
    }
    const row = await userAndSession(claims.userId, claims.sessionId);
    const user = row?.user;
    // A guest's email (issue 47) owns orders but is no account: nothing signs in as it.
    if (!row || !user || user.deletedAt !== null || user.role === 'guest') {
      throw new NotSignedIn(refusals.signIn.noAccount);
    }
    if (user.tokenVersion !== claims.version || !row.sessionId || row.sessionEndedAt !== null) {
      throw new NotSignedIn(refusals.signIn.signedOut);
    }
    // Only a verified email can hold the admin role (a row from before that rule may say admin).
    const role = actsAsAdmin(user) ? 'admin' : 'user';
    request.identity = { userId: user.id, email: user.email, role, sessionId: claims.sessionId };
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    await requireUser(request, reply);
    if (request.identity?.role !== 'admin') {
      throw new Forbidden(refusals.signIn.adminsOnly);
    }
  }

  return { requireUser, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;

/** The caller established by `requireUser`; a route without the guard is a programming error. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error('route used identityOf without requireUser');
  return request.identity;
}

/** Self or admin: the rule of every per-user read. */
export function assertSelfOrAdmin(identity: Identity, email: string) {
  if (identity.role !== 'admin' && identity.email !== email.toLowerCase()) {
    throw new Forbidden(refusals.signIn.ownDataOnly);
  }
}
