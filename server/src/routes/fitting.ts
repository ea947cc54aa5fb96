import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertRunsEveryCentre } from '../auth/centreScope';
import { identityOf, type Guards } from '../auth/guards';
import { recordAudit } from '../audit/auditTrail';
import { FittingDays, FittingSchedule } from '../../../contract/fitting';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { fittingDays, readSchedule, todayIn, writeSchedule } from '../fitting/fittingTable';

/** Fitting at the shop: the days a shopper can choose, and the week's places an admin sets. */
export const fittingRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  timeZone: string;
}> = async (app, { db, guards, timeZone }) => {
  app.get(
    '/fitting-days',
    {
      schema: {
        operationId: 'listFittingDays',
        summary: 'The next 30 days, each with the fitting places left (0 when full or closed)',
        tags: ['bag'],
        security: publicCall,
        response: { 200: FittingDays },
      },
    },
    async (_request, reply) => {
      // Places go as shoppers book: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return fittingDays(db, todayIn(timeZone));
    },
  );

  app.get(
    '/fitting-schedule',
    {
      preValidation: guards.allow('fitting.run'),
      schema: {
        operationId: 'getFittingSchedule',
        summary: "The week's fitting places, Sunday first (admins)",
        tags: ['bag'],
        security: signedIn,
        response: { 200: FittingSchedule, ...failures(401, 403) },
      },
    },
    async () => ({ places: await readSchedule(db) }),
  );

  app.put(
    '/fitting-schedule',
    {
      preValidation: guards.allow('fitting.run'),
      schema: {
        operationId: 'setFittingSchedule',
        summary: "Set the week's fitting places, Sunday first; 0 closes a day (admins)",
        tags: ['bag'],
        security: signedIn,
        body: withExample(FittingSchedule, { places: [0, 8, 8, 8, 8, 8, 4] }),
        response: { 200: FittingSchedule, ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      assertRunsEveryCentre(identityOf(request));
      const places = await db.transaction(async (tx) => {
        const before = await readSchedule(tx);
        const after = await writeSchedule(tx, request.body.places);
        await recordAudit(tx, identityOf(request), [
          {
            kind: 'fitting',
            action: 'set week',
            objectType: 'fitting schedule',
            objectId: null,
            before: { places: before },
            after: { places: after },
          },
        ]);
        return after;
      });
      return { places };
    },
  );
};
