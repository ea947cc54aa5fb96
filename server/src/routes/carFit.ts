import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards } from '../auth/guards';
import { BagFitment, BagFitmentQuery, LinesFitmentQuery } from '../../../contract/bagFitment';
import { IdParams } from '../../../contract/common';
import { TyreSets } from '../../../contract/tyreSets';
import { searchProducts } from '../catalog/productSearchSql';
import { filterOf } from '../catalog/productFilter';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn } from '../docs/describe';
import { todayIn } from '../fitting/fittingTable';
import { bagFindings, carOf, linesFindings } from '../vehicles/bagFitment';
import type { VehicleCache } from '../vehicles/vehicleDirectory';
import { tyreSetsOf } from '../vehicles/tyreSets';

/** The most tyres of a car's two sizes a set is chosen from. */
const SET_CHOICE = 500;

/**
 * Tyres right for the car (issue 50): the sets a staggered car is offered, and the bag checked
 * against the car it is for.
 */
export const carFitRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  vehicles: VehicleCache;
  timeZone: string;
}> = async (app, { db, guards, vehicles, timeZone }) => {
  app.get(
    '/vehicles/:id/sets',
    {
      schema: {
        operationId: 'vehicleTyreSets',
        summary:
          'Front and rear tyres as sets for a staggered car (2 × front + 2 × rear), the same model where there is one',
        tags: ['vehicles'],
        security: publicCall,
        params: IdParams,
        response: { 200: TyreSets, ...failures(400) },
      },
    },
    async (request) => {
      const car = await carOf(vehicles, request.params.id);
      const sizes = [car.front, car.rear];
      const { products } = await searchProducts(
        db,
        filterOf({ category: ['tyre'] }, sizes, undefined, car.oeMarks),
        'price-asc',
        { limit: SET_CHOICE, offset: 0 },
      );
      return tyreSetsOf(car, products);
    },
  );

  app.get(
    '/bag/fitment',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'bagFitment',
        summary:
          'Your bag checked against a car: tyres below its load index or speed rating (refused at checkout), and warnings',
        tags: ['bag'],
        security: signedIn,
        querystring: BagFitmentQuery,
        response: { 200: BagFitment, ...failures(400, 401) },
      },
    },
    async (request) => {
      const { vehicle, day, market } = request.query;
      const car = await carOf(vehicles, vehicle);
      const when = { day: day ?? todayIn(timeZone), market };
      return { findings: await bagFindings(db, identityOf(request).userId, car, when) };
    },
  );

  app.get(
    '/vehicles/:id/fitment',
    {
      schema: {
        operationId: 'linesFitment',
        summary:
          "A guest's bag checked against a car, as /bag/fitment checks an account's: refusals, then warnings",
        tags: ['vehicles'],
        security: publicCall,
        params: IdParams,
        querystring: LinesFitmentQuery,
        response: { 200: BagFitment, ...failures(400) },
      },
    },
    async (request) => {
      const { items, day, market } = request.query;
      const car = await carOf(vehicles, request.params.id);
      const lines = items.split(',').map((pair) => {
        const [productId, quantity] = pair.split(':') as [string, string];
        return { productId: productId.toLowerCase(), quantity: Number(quantity) };
      });
      const when = { day: day ?? todayIn(timeZone), market };
      return { findings: await linesFindings(db, car, lines, when) };
    },
  );
};
