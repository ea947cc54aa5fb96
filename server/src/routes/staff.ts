import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { identityOf, type Guards } from '../auth/guards';
import { recordAudit } from '../audit/auditTrail';
import { IdParams } from '../../../contract/common';
import {
  StaffList,
  StaffParams,
  StaffRolesBody,
  StaffSelf,
  StaffSessionList,
  UNLIMITED_REFUNDS,
} from '../../../contract/staff';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import { Conflict, NotFound } from '../domainErrors';
import { refusals } from '../refusals';
import {
  endStaffSession,
  listStaff,
  listStaffSessions,
  lockRefundAllowance,
  setStaffRoles,
} from '../users/staffTable';
import { activeUserByEmail, markEmailVerified } from '../users/userTable';
import { wholeCents } from './orderLifecycle';

const dollars = (cents: number) => cents / 100;

/**
 * The staff (issue 52): what the caller may do, and the owner's calls: give and take roles,
 * set refund limits, list and end the staff's sessions. Every change is in the audit trail.
 */
export const staffRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  /** Asks the identity provider whether an account's email is verified now. */
  emailVerified: (uid: string) => Promise<boolean>;
}> = async (app, { db, guards, emailVerified }) => {
  app.get(
    '/staff/me',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'getStaffSelf',
        summary: 'Your staff roles and what they let you do (none for a shopper)',
        tags: ['staff'],
        security: signedIn,
        response: { 200: StaffSelf, ...failures(401) },
      },
    },
    async (request) => {
      const caller = identityOf(request);
      const limited =
        caller.roles.includes('refunds') &&
        !caller.roles.some((role) => UNLIMITED_REFUNDS.includes(role));
      const limit = limited
        ? await db.transaction((tx) => lockRefundAllowance(tx, caller.userId))
        : null;
      return {
        roles: [...caller.roles],
        permissions: [...caller.permissions],
        refundLimit: limit ? dollars(limit.limitCents) : null,
        centres: caller.centres === null ? null : [...caller.centres],
      };
    },
  );

  app.get(
    '/staff',
    {
      preValidation: guards.allow('roles.manage'),
      schema: {
        operationId: 'listStaff',
        summary: 'Everyone who holds a staff role, with their roles and refund limit (owner)',
        tags: ['staff'],
        security: signedIn,
        response: { 200: StaffList, ...failures(401, 403) },
      },
    },
    async () =>
      (await listStaff(db)).map((row) => ({
        _id: row.userId,
        email: row.email,
        roles: row.roles,
        refundLimit: dollars(row.refundLimitCents),
        centres: row.centres,
      })),
  );

  app.put(
    '/staff/:email',
    {
      preValidation: guards.allow('roles.manage'),
      schema: {
        operationId: 'setStaffRoles',
        summary:
          "Set a person's roles (all of them; none takes every role), refund limit and fitting centres (owner)",
        tags: ['staff'],
        security: signedIn,
        params: StaffParams,
        body: withExample(StaffRolesBody, { roles: ['refunds'], refundLimit: 200 }),
        response: { 200: StaffList.items, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = identityOf(request);
      const user = await activeUserByEmail(db, request.params.email);
      if (!user) throw new NotFound(refusals.users.none);
      const { roles, refundLimit, centres } = request.body;
      if (roles.length > 0 && !user.emailVerified && !(await emailVerified(user.firebaseUid))) {
        throw new Conflict(refusals.users.unverifiedStaff, 'roles');
      }
      const limitCents = refundLimit === undefined ? undefined : wholeCents(refundLimit);
      const after = await db.transaction(async (tx) => {
        if (roles.length > 0 && !user.emailVerified) {
          await markEmailVerified(tx, user.id);
        }
        const change = await setStaffRoles(tx, user.id, roles, limitCents, centres);
        await recordAudit(tx, caller, [
          {
            kind: 'roles',
            action: 'set',
            objectType: 'person',
            objectId: user.email,
            before: change.before,
            after: change.after,
          },
        ]);
        return change.after;
      });
      return {
        _id: user.id,
        email: user.email,
        roles: after.roles,
        refundLimit: dollars(after.refundLimitCents),
        centres: after.centres,
      };
    },
  );

  app.get(
    '/staff/sessions',
    {
      preValidation: guards.allow('roles.manage'),
      schema: {
        operationId: 'listStaffSessions',
        summary: "The staff's open sessions, one per signed-in device (owner)",
        tags: ['staff'],
        security: signedIn,
        response: { 200: StaffSessionList, ...failures(401, 403) },
      },
    },
    async () =>
      (await listStaffSessions(db)).map((row) => ({
        _id: row.id,
        email: row.email,
        roles: row.roles,
        signedInAt: row.signedInAt.toISOString(),
        endedAt: row.endedAt?.toISOString() ?? null,
      })),
  );

  app.delete(
    '/staff/sessions/:id',
    {
      preValidation: guards.allow('roles.manage'),
      schema: {
        operationId: 'endStaffSession',
        summary: "End a staff session: that device's tokens stop working at once (owner)",
        tags: ['staff'],
        security: signedIn,
        params: IdParams,
        response: {
          204: Type.Null({ description: 'Ended' }),
          ...failures(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = identityOf(request);
      const ended = await db.transaction(async (tx) => {
        const session = await endStaffSession(tx, request.params.id);
        if (!session) return null;
        await recordAudit(tx, caller, [
          {
            kind: 'session',
            action: 'end',
            objectType: 'session',
            objectId: session.id,
            details: { email: session.email, signedInAt: session.signedInAt.toISOString() },
          },
        ]);
        return session;
      });
      if (!ended) throw new NotFound(refusals.staff.noSession);
      return reply.status(204).send(null);
    },
  );
};
