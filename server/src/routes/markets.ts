import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { recordAudit } from '../audit/auditTrail';
import { identityOf, type Guards } from '../auth/guards';
import {
  Market,
  MarketList,
  MarketParams,
  MarketPriceBody,
  MarketPrices,
  MarketPricesQuery,
  MarketProductParams,
  MarketSettingsBody,
} from '../../../contract/markets';
import { marketCopy } from '../../../contract/marketCopy';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import {
  changeMarket,
  findMarket,
  listMarkets,
  removeMarketPrice,
  setMarketPrice,
  shelfPrices,
} from '../markets/marketTable';

const MAX_IDS = 200;

/** The markets: read by anyone, changed by admins (rates, fees, conversion, own prices). */
export const marketRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/markets',
    {
      schema: {
        operationId: 'listMarkets',
        summary: 'The markets the store sells in: currency, locale, tax rates and fees',
        tags: ['markets'],
        security: publicCall,
        response: { 200: MarketList },
      },
    },
    async () => listMarkets(db),
  );

  app.get(
    '/markets/:code/prices',
    {
      schema: {
        operationId: 'getMarketPrices',
        summary: "Products' shelf prices in a market (their own, or converted from dollars)",
        tags: ['markets'],
        security: publicCall,
        params: MarketParams,
        querystring: MarketPricesQuery,
        response: { 200: MarketPrices, ...failures(400, 404) },
      },
    },
    async (request) => {
      const market = await findMarket(db, request.params.code);
      // Ids that name no product (or are not ids at all) are left out of the answer.
      const ids = [...new Set(request.query.ids.split(','))].filter((id) => UUID.test(id));
      if (ids.length > MAX_IDS) throw new HttpError(400, marketCopy.refused.tooManyIds, 'ids');
      return {
        market: market.code,
        currency: market.currency,
        prices: await shelfPrices(db, market, ids),
      };
    },
  );

  app.put(
    '/markets/:code',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'changeMarket',
        summary: "Change a market's tax rates, fees or price conversion (admins)",
        tags: ['markets'],
        security: signedIn,
        params: MarketParams,
        body: withExample(MarketSettingsBody, { conversion: { perDollar: 0.92, ending: 99 } }),
        response: { 200: Market, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await findMarket(tx, request.params.code);
        const after = await changeMarket(tx, request.params.code, request.body);
        await recordAudit(tx, identityOf(request), [
          {
            kind: 'price',
            action: 'market',
            objectType: 'market',
            objectId: after.code,
            before,
            after,
          },
        ]);
        return after;
      }),
  );

  app.put(
    '/markets/:code/prices/:productId',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'setMarketPrice',
        summary: "Set a product's own shelf price in a market (admins)",
        tags: ['markets'],
        security: signedIn,
        params: MarketProductParams,
        body: withExample(MarketPriceBody, { minor: 8499 }),
        response: { 204: Type.Null(), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { code, productId } = request.params;
      await db.transaction(async (tx) => {
        await setMarketPrice(tx, code, productId, request.body.minor);
        await recordAudit(tx, identityOf(request), [
          {
            kind: 'price',
            action: 'market price',
            objectType: 'product',
            objectId: productId,
            after: { market: code, priceMinor: request.body.minor },
          },
        ]);
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/markets/:code/prices/:productId',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'removeMarketPrice',
        summary: "Take a product's own price in a market away: it converts again (admins)",
        tags: ['markets'],
        security: signedIn,
        params: MarketProductParams,
        response: { 204: Type.Null(), ...failures(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { code, productId } = request.params;
      await db.transaction(async (tx) => {
        await removeMarketPrice(tx, code, productId);
        await recordAudit(tx, identityOf(request), [
          {
            kind: 'price',
            action: 'market price removed',
            objectType: 'product',
            objectId: productId,
            before: { market: code },
          },
        ]);
      });
      return reply.status(204).send(null);
    },
  );
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
