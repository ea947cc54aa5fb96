import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health } from '../schemas/health';
import { failures, publicCall } from '../docs/describe';
import type { Database } from '../db/client';
import { errorBody } from '../http/errors';

/** `GET /health`: 200 once the database answers, 503 while it does not. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Whether the API is up and its database answers',
        tags: ['store'],
        security: publicCall,
        response: { 200: Health, ...failures(503) },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: database.kind };
      } catch (err) {
        request.log.warn({ err }, 'database not answering');
        return reply.status(503).send(errorBody(503, 'The database is not answering yet.'));
      }
    },
  );
};
