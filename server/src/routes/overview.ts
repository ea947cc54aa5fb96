import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Guards } from '../auth/guards';
import { Overview } from '../../../contract/overview';
import type { Db } from '../db/client';
import { failures, signedIn } from '../docs/describe';
import { readOverview } from '../orders/overview';

/** `GET /admin/overview`: the admins' first page (issue 30). */
export const overviewRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  timeZone: string;
}> = async (app, { db, guards, timeZone }) => {
  app.get(
    '/admin/overview',
    {
      preValidation: guards.requireAdmin,
      schema: {
        operationId: 'getOverview',
        summary:
          'Orders to ship, returns waiting, revenue per day for 30 days and products low in stock (admins)',
        tags: ['lifecycle'],
        security: signedIn,
        response: { 200: Overview, ...failures(401, 403) },
      },
    },
    async () => readOverview(db, timeZone),
  );
};
