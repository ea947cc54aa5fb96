import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { Forbidden, NotSignedIn } from '../domainErrors';
import { userAndSessionReader } from '../users/userTable';
import { permissionsOf, type Permission, type StaffRole } from '../../../contract/staff';
import type { AppTokens } from './appToken';
import { guardFor } from './routeAccess';

export interface Identity {
  userId: string;
  email: string;
  /** 'admin' for the owner and admins: those who run the whole store, as admins did before roles. */
  role: 'user' | 'admin';
  /** The staff roles the person holds (none for a shopper, or an unverified email). */
  roles: readonly StaffRole[];
  permissions: ReadonlySet<Permission>;
  /**
   * The fitting centres whose fitter's day the caller runs (ids), or null for every centre:
   * the owner and admins, and a fitter not scoped to centres (auth/centreScope.ts).
   */
  centres: readonly string[] | null;
  /** The device's session the app token was issued to. */
  sessionId: string;
  /** Where the call came from and what it was (`POST /api/order/:id/refund`): for the audit trail. */
  address: string;
  call: string;
}

/** Whether the caller holds a permission through any of their roles. */
export const can = (identity: Identity, permission: Permission) =>
  identity.permissions.has(permission);

/** Refuses, in words, a caller without the permission. */
export function assertCan(identity: Identity, permission: Permission) {
  if (can(identity, permission)) return;
  throw new Forbidden(
    identity.roles.length === 0
      ? refusals.staff.staffOnly
      : refusals.staff.needs(permission, identity.roles),
  );
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
    if (!row || !user || user.deletedAt !== null || user.guest) {
      throw new NotSignedIn(refusals.signIn.noAccount);
    }
    if (user.tokenVersion !== claims.version || !row.sessionId || row.sessionEndedAt !== null) {
      throw new NotSignedIn(refusals.signIn.signedOut);
    }
    // Only a verified email can hold a staff role (a role given before it was verified waits).
    const roles = user.emailVerified ? row.roles : [];
    const runsStore = roles.includes('owner') || roles.includes('admin');
    request.identity = {
      userId: user.id,
      email: user.email,
      role: runsStore ? 'admin' : 'user',
      roles,
      permissions: new Set(permissionsOf(roles)),
      centres: runsStore ? null : row.centres,
      sessionId: claims.sessionId,
      address: request.ip,
      call: `${request.method} ${request.routeOptions.url ?? request.url}`,
    };
  }

  /**
   * The guard of a staff route: signed in and holding `permission`. The permission is read
   * off the hook by the route list (auth/routeAccess.ts), so a route names it in this one place.
   */
  function allow(permission: Permission) {
    return guardFor(permission, async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      assertCan(identityOf(request), permission);
    });
  }

  /** What admins alone could do before roles: the owner and admins still may. */
  const requireAdmin = allow('store.admin');

  return { requireUser, requireAdmin, allow };
}

export type Guards = ReturnType<typeof createGuards>;

/** The caller established by `requireUser`; a route without the guard is a programming error. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error('route used identityOf without requireUser');
  return request.identity;
}

/** Self, or staff who may read the customers: the rule of every per-user read. */
export function assertSelfOrAdmin(identity: Identity, email: string) {
  if (!can(identity, 'customers.read') && identity.email !== email.toLowerCase()) {
    throw new Forbidden(refusals.signIn.ownDataOnly);
  }
}
