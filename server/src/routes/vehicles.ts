import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common';
import { vehicleCopy } from '../../../contract/vehicleCopy';
import {
  Names,
  Vehicle,
  VehicleList,
  VehicleMatches,
  VehicleModelsQuery,
  VehicleSearchQuery,
  VehicleVersionsQuery,
  VehicleYearsQuery,
  Years,
} from '../../../contract/vehicles';
import { failures, publicCall } from '../docs/describe';
import { errorBody } from '../http/errors';
import type { VehicleCache } from '../vehicles/vehicleDirectory';

/**
 * The "My car" picker's lists (make, model, year, version), each of what exists only, and a
 * car by id; all served from the directory in memory.
 */
export const vehicleRoutes: FastifyPluginAsyncTypebox<{ vehicles: VehicleCache }> = async (
  app,
  { vehicles },
) => {
  const list = { tags: ['vehicles'], security: publicCall };
  // The lists change only with a fitment import: browsers may keep them a minute.
  const cacheable = 'public, max-age=60';

  app.get(
    '/vehicles/makes',
    {
      schema: {
        ...list,
        operationId: 'vehicleMakes',
        summary: 'The makes of the cars the store knows, by name',
        response: { 200: Names },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return (await vehicles.get()).makes();
    },
  );

  app.get(
    '/vehicles/models',
    {
      schema: {
        ...list,
        operationId: 'vehicleModels',
        summary: 'The models of a make, by name (none for a make the store does not know)',
        querystring: VehicleModelsQuery,
        response: { 200: Names, ...failures(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cacheable);
      return (await vehicles.get()).modelsOf(request.query.make);
    },
  );

  app.get(
    '/vehicles/years',
    {
      schema: {
        ...list,
        operationId: 'vehicleYears',
        summary: 'The years any version of a model was made in, newest first',
        querystring: VehicleYearsQuery,
        response: { 200: Years, ...failures(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cacheable);
      return (await vehicles.get()).yearsOf(request.query.make, request.query.model);
    },
  );

  app.get(
    '/vehicles',
    {
      schema: {
        ...list,
        operationId: 'vehicleVersions',
        summary: 'The versions of a model made in a year, with their original tyre sizes',
        querystring: VehicleVersionsQuery,
        response: { 200: VehicleList, ...failures(400) },
      },
    },
    async (request, reply) => {
      const { make, model, year } = request.query;
      reply.header('cache-control', cacheable);
      return (await vehicles.get()).versionsOf(make, model, year);
    },
  );

  app.get(
    '/vehicles/search',
    {
      schema: {
        ...list,
        operationId: 'searchVehicles',
        summary: 'Cars whose names hold the words typed (golf 2016), for the search box',
        querystring: VehicleSearchQuery,
        response: { 200: VehicleMatches, ...failures(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cacheable);
      return (await vehicles.get()).search(request.query.q);
    },
  );

  app.get(
    '/vehicles/:id',
    {
      schema: {
        ...list,
        operationId: 'getVehicle',
        summary: 'One car version and its original tyre sizes',
        params: IdParams,
        response: { 200: Vehicle, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const vehicle = (await vehicles.get()).find(request.params.id);
      if (!vehicle) return reply.status(404).send(errorBody(404, vehicleCopy.refusals.none));
      return vehicle;
    },
  );
};
