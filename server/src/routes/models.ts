import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Guards } from '../auth/guards';
import { IdParams } from '../../../contract/common';
import {
  AddModelPictureBody,
  ModelGroupingQuery,
  ModelGroupingReport,
  ModelPicture,
  ModelPictureAltBody,
  ModelPictureOrderBody,
  ModelPictureParams,
  ModelsOfProducts,
  ModelsOfQuery,
  MODELS_OF_MAX,
  TyreModel,
} from '../../../contract/models';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { errorBody, HttpError } from '../http/errors';
import { planStoredGrouping } from '../models/modelGrouping';
import { modelIdOfProduct } from '../catalog/productTable';
import type { ModelHeads } from '../models/modelHeads';
import { readModelsOfProducts } from '../models/modelPage';
import {
  addModelPicture,
  removeModelPicture,
  reorderModelPictures,
  setModelPictureAlt,
} from '../models/modelPictures';
import { refusals } from '../refusals';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Grouped models a dry run lists unless asked for more or fewer. */
const LISTED = 200;

const Gallery = Type.Array(ModelPicture, { description: "The model's pictures after the change" });

/** Tyre models (issue 51): a model with its sizes and pictures, and the dry run of the grouping. */
export const modelRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  models: ModelHeads;
}> = async (app, { db, guards, models }) => {
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
      const model = await models.model(request.params.id);
      if (!model) return reply.status(404).send(errorBody(404, refusals.model.none));
      return model;
    },
  );

  app.get(
    '/models/of',
    {
      schema: {
        operationId: 'getTyreModelsOfProducts',
        summary: 'The models of a page of products (each with its count of sizes on sale)',
        tags: ['models'],
        security: publicCall,
        querystring: ModelsOfQuery,
        response: { 200: ModelsOfProducts, ...failures(400) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(','))].filter((id) => UUID.test(id));
      if (ids.length > MODELS_OF_MAX) {
        throw new HttpError(400, refusals.model.tooManyIds(MODELS_OF_MAX), 'ids');
      }
      return readModelsOfProducts(
        db,
        ids.map((id) => id.toLowerCase()),
      );
    },
  );

  app.get(
    '/product/:id/model',
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
      const modelId = await modelIdOfProduct(db, request.params.id);
      const model = modelId === null ? null : await models.model(modelId);
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

  const catalogueStaff = guards.allow('catalogue.edit');
  /** A gallery changed here shows at once here; other processes hear the trigger's `G:`. */
  const galleryChange = async <T>(modelId: string, change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } finally {
      models.forget(modelId);
    }
  };

  app.post(
    '/models/:id/pictures',
    {
      preValidation: catalogueStaff,
      schema: {
        operationId: 'addTyreModelPicture',
        summary: "Adds a picture (uploaded first) at the end of a model's gallery",
        tags: ['models'],
        security: signedIn,
        params: IdParams,
        body: withExample(AddModelPictureBody, {
          url: '/images/products/summer-tyre.svg',
          alt: 'The tread seen from the front',
        }),
        response: { 200: Gallery, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      galleryChange(request.params.id, addModelPicture(db, request.params.id, request.body)),
  );

  app.put(
    '/models/:id/pictures/order',
    {
      preValidation: catalogueStaff,
      schema: {
        operationId: 'reorderTyreModelPictures',
        summary: "Puts a model's gallery in a new order (every picture, each once)",
        tags: ['models'],
        security: signedIn,
        params: IdParams,
        body: withExample(ModelPictureOrderBody, {
          pictures: ['0b0e4b8e-4c44-4a52-9d43-2a3f8f6f1e10'],
        }),
        response: { 200: Gallery, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      galleryChange(
        request.params.id,
        reorderModelPictures(db, request.params.id, request.body.pictures),
      ),
  );

  app.patch(
    '/models/:id/pictures/:pictureId',
    {
      preValidation: catalogueStaff,
      schema: {
        operationId: 'setTyreModelPictureAlt',
        summary: "Changes a picture's alt text",
        tags: ['models'],
        security: signedIn,
        params: ModelPictureParams,
        body: withExample(ModelPictureAltBody, { alt: 'The sidewall with its size' }),
        response: { 200: Gallery, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      galleryChange(
        request.params.id,
        setModelPictureAlt(db, request.params.id, request.params.pictureId, request.body.alt),
      ),
  );

  app.delete(
    '/models/:id/pictures/:pictureId',
    {
      preValidation: catalogueStaff,
      schema: {
        operationId: 'removeTyreModelPicture',
        summary: "Removes a picture from a model's gallery",
        tags: ['models'],
        security: signedIn,
        params: ModelPictureParams,
        response: { 200: Gallery, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      galleryChange(
        request.params.id,
        removeModelPicture(db, request.params.id, request.params.pictureId),
      ),
  );
};
