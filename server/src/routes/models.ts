import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Guards } from '../auth/guards';
import { IdParams } from '../../../contract/common';
import { ModelGroupingQuery, ModelGroupingReport, TyreModel } from '../../../contract/models';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn } from '../docs/describe';
import { errorBody } from '../http/errors';
import { planStoredGrouping } from '../models/modelGrouping';
import { readModel, readModelOfProduct } from '../models/modelPage';
import { refusals } from '../refusals';

/** Grouped models a dry run lists unless asked for more or fewer. */
const LISTED = 200;

/** Tyre models (issue 51): a model with its sizes, and the dry run of the grouping. */
export const modelRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/models/:id',
    {
      schema: {
        operationId: 'getTyreModel',
        summary: 'A tyre model (brand and pattern) with its sizes on sale',
        tags: ['models'],
        security: publicCall,
        params: IdParams,
        response: { 200: TyreModel, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const model = await readModel(db, request.params.id);
      if (!model) return reply.status(404).send(errorBody(404, refusals.model.none));
      return model;
    },
  );

  app.get(
    '/models/by-product/:id',
    {
      schema: {
        operationId: 'getTyreModelOfProduct',
        summary: 'The tyre model a product (one of its sizes) belongs to, with its sizes on sale',
        tags: ['models'],
        security: publicCall,
        params: IdParams,
        response: { 200: TyreModel, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const model = await readModelOfProduct(db, request.params.id);
      if (!model) return reply.status(404).send(errorBody(404, refusals.model.noneForProduct));
      return model;
    },
  );

  app.get(
    '/models/grouping',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'planModelGrouping',
        summary:
          'Dry run: how the catalogue groups into models by brand and pattern (nothing is written)',
        tags: ['models'],
        security: signedIn,
        querystring: ModelGroupingQuery,
        response: { 200: ModelGroupingReport, ...failures(400, 401, 403) },
      },
    },
    async (request) => planStoredGrouping(db, request.query.listed ?? LISTED),
  );
};
