import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { recordAudit, type AuditRecord } from '../audit/auditTrail';
import { identityOf, type Guards } from '../auth/guards';
import {
  LeadTime,
  LeadTimesBody,
  MAIN_PLACE,
  NewStockPlaceBody,
  PlacedProducts,
  PlaceParams,
  PlaceProductsBody,
  PlaceProductsQuery,
  StockPlace,
  StockPlaceBody,
  StockPlaces,
} from '../../../contract/stockPlaces';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import { Conflict, Invalid, NotFound } from '../domainErrors';
import { findCentre } from '../fittingCentres/centreTable';
import { productsAt, stockPlacesView } from '../appointments/stockPlaceViews';
import { stockPlaceWords as words } from '../appointments/stockPlaceWords';
import {
  clearLeadTime,
  deleteStockPlace,
  findStockPlace,
  insertStockPlace,
  leadTimesFrom,
  placeProducts,
  setLeadTime,
  setStockPlace,
  unknownProducts,
} from '../appointments/stockPlaces';

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A place's row in the audit trail: who changed which place, and how. */
const placeAudit = (
  action: string,
  code: string,
  rest: Partial<AuditRecord> = {},
): AuditRecord => ({
  kind: 'stock',
  action,
  objectType: 'stock place',
  objectId: code,
  ...rest,
});

/** The place as the page shows it (its counts), once a change has committed. */
async function placeView(db: Db, code: string): Promise<StockPlace> {
  const place = (await stockPlacesView(db)).places.find((p) => p.code === code);
  if (!place) throw new NotFound(words.notFound(code));
  return place;
}

async function requirePlace(db: DbOrTx, code: string) {
  const place = await findStockPlace(db, code);
  if (!place) throw new NotFound(words.notFound(code));
  return place;
}

/** A shelf's centre must exist; the main warehouse is nobody's shelf. */
async function checkCentre(db: DbOrTx, code: string, centreId: string | null) {
  if (centreId === null) return;
  if (code === MAIN_PLACE) throw new Invalid(words.mainIsWarehouse, 'centreId');
  if (!(await findCentre(db, centreId))) throw new Invalid(words.noSuchCentre, 'centreId');
}

/**
 * Stock places (issue 48): where each product's stock is kept and how many days it takes from
 * each place to each fitting centre, which decides the first slot a shopper is offered. Every
 * change is written to the audit trail in its own transaction.
 */
export const stockPlaceRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  const allow = guards.allow('stock.places');

  app.get(
    '/stock-places',
    {
      preValidation: allow,
      schema: {
        operationId: 'listStockPlaces',
        summary:
          'Every stock place with what it keeps, the centres and the lead times set (stock places staff)',
        tags: ['bag'],
        security: signedIn,
        response: { 200: StockPlaces, ...failures(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return stockPlacesView(db);
    },
  );

  app.post(
    '/stock-places',
    {
      preValidation: allow,
      schema: {
        operationId: 'addStockPlace',
        summary: "Add a warehouse, or a centre's own shelf (stock places staff)",
        tags: ['bag'],
        security: signedIn,
        body: withExample(NewStockPlaceBody, {
          code: 'WH-NORTH',
          name: 'Northern warehouse',
          centreId: null,
        }),
        response: { 201: StockPlace, ...failures(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { code, name, centreId } = request.body;
      await db.transaction(async (tx) => {
        await checkCentre(tx, code, centreId);
        if (!(await insertStockPlace(tx, { code, name, centreId }))) {
          throw new Conflict(words.codeTaken(code), 'code');
        }
        await recordAudit(tx, identityOf(request), [
          placeAudit('add', code, { after: { code, name: name.trim(), centreId } }),
        ]);
      });
      return reply.status(201).send(await placeView(db, code));
    },
  );

  app.put(
    '/stock-places/:code',
    {
      preValidation: allow,
      schema: {
        operationId: 'setStockPlace',
        summary: 'Rename a stock place, or say whose shelf it is (stock places staff)',
        tags: ['bag'],
        security: signedIn,
        params: PlaceParams,
        body: withExample(StockPlaceBody, { name: 'Main warehouse', centreId: null }),
        response: { 200: StockPlace, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { code } = request.params;
      const { name, centreId } = request.body;
      await db.transaction(async (tx) => {
        const before = await requirePlace(tx, code);
        await checkCentre(tx, code, centreId);
        await setStockPlace(tx, { code, name, centreId });
        await recordAudit(tx, identityOf(request), [
          placeAudit('edit', code, { before, after: { code, name: name.trim(), centreId } }),
        ]);
      });
      return placeView(db, code);
    },
  );

  app.delete(
    '/stock-places/:code',
    {
      preValidation: allow,
      schema: {
        operationId: 'deleteStockPlace',
        summary:
          'Remove a stock place and its lead times; its products go back to the main warehouse (stock places staff)',
        tags: ['bag'],
        security: signedIn,
        params: PlaceParams,
        response: { 204: Type.Null(), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      if (code === MAIN_PLACE) throw new Conflict(words.mainStays);
      await db.transaction(async (tx) => {
        const before = await requirePlace(tx, code);
        const moved = await deleteStockPlace(tx, code);
        await recordAudit(tx, identityOf(request), [
          placeAudit('delete', code, { before, details: { productsBackToMain: moved } }),
        ]);
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/stock-places/:code/lead-times',
    {
      preValidation: allow,
      schema: {
        operationId: 'setLeadTimes',
        summary:
          'Days from a stock place to each centre named; null gives a centre the default (stock places staff)',
        tags: ['bag'],
        security: signedIn,
        params: PlaceParams,
        body: withExample(LeadTimesBody, {
          leadTimes: [{ centreId: '6f1c2b9e-8a47-4c1e-9d5b-2f8e7a3c1b40', days: 3 }],
        }),
        response: { 200: Type.Array(LeadTime), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { code } = request.params;
      return db.transaction(async (tx) => {
        await requirePlace(tx, code);
        const before = await leadTimesFrom(tx, code);
        for (const { centreId, days } of request.body.leadTimes) {
          if (!(await findCentre(tx, centreId))) throw new Invalid(words.noSuchCentre, 'leadTimes');
          if (days === null) await clearLeadTime(tx, code, centreId);
          else await setLeadTime(tx, code, centreId, days);
        }
        const after = await leadTimesFrom(tx, code);
        await recordAudit(tx, identityOf(request), [
          placeAudit('lead times', code, {
            before: Object.fromEntries(before),
            after: Object.fromEntries(after),
          }),
        ]);
        return [...after].map(([centreId, days]) => ({ placeCode: code, centreId, days }));
      });
    },
  );

  app.get(
    '/stock-places/:code/products',
    {
      preValidation: allow,
      schema: {
        operationId: 'listStockPlaceProducts',
        summary: 'The products kept at a place, by name, a page at a time (stock places staff)',
        tags: ['bag'],
        security: signedIn,
        params: PlaceParams,
        querystring: PlaceProductsQuery,
        response: { 200: PlacedProducts, ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await requirePlace(db, request.params.code);
      reply.header('cache-control', 'no-store');
      return productsAt(db, request.params.code, request.query);
    },
  );

  app.put(
    '/stock-places/:code/products',
    {
      preValidation: allow,
      schema: {
        operationId: 'placeProducts',
        summary:
          'Keep these products at this place from now on (their stock moves whole; stock places staff)',
        tags: ['bag'],
        security: signedIn,
        params: PlaceParams,
        body: withExample(PlaceProductsBody, {
          productIds: ['6f1c2b9e-8a47-4c1e-9d5b-2f8e7a3c1b40'],
        }),
        response: { 200: StockPlace, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { code } = request.params;
      const { productIds } = request.body;
      await db.transaction(async (tx) => {
        await requirePlace(tx, code);
        const unknown = await unknownProducts(tx, productIds);
        if (unknown > 0) throw new Invalid(words.noSuchProducts(unknown), 'productIds');
        const was = await placeProducts(tx, productIds, code);
        await recordAudit(tx, identityOf(request), [
          placeAudit('place products', code, {
            before: Object.fromEntries(was),
            after: { placeCode: code },
            details: { products: productIds.length },
          }),
        ]);
      });
      return placeView(db, code);
    },
  );
};
