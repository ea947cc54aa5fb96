import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
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
  ProductMarketPrices,
  ProductMarketPricesBody,
} from '../../../contract/markets';
import { IdParams } from '../../../contract/common';
import { marketCopy } from '../../../contract/marketCopy';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import type { CatalogSnapshot } from '../catalog/catalogCache';
import { changeMarket, findMarket, listMarkets, productMarketPrices } from '../markets/marketTable';
import type { MarketPriceCache } from '../markets/marketPriceCache';
import { setOwnPrices, type WantedPrices } from '../markets/ownPrices';

const MAX_IDS = 200;

/**
 * The markets: read by anyone, changed by admins (rates, fees, conversion), and the products' own
 * prices per market (admins), audited as every catalogue change.
 */
export const marketRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  prices: MarketPriceCache;
  /** The cached catalogue, for the dollar prices. */
  catalogue: () => Promise<CatalogSnapshot>;
}> = async (app, { db, guards, prices, catalogue }) => {
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
      const market = await prices.market(request.params.code);
      // Ids that name no product (or are not ids at all) are left out of the answer.
      const ids = [...new Set(request.query.ids.toLowerCase().split(','))].filter((id) =>
        UUID.test(id),
      );
      if (ids.length > MAX_IDS) throw new HttpError(400, marketCopy.refused.tooManyIds, 'ids');
      return {
        market: market.code,
        currency: market.currency,
        // From memory: asked with every page a shopper outside the US sees (issue 46's target).
        prices: await prices.shelfPrices(market, ids, catalogue),
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
      db
        .transaction(async (tx) => {
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
        })
        .finally(() => prices.notified({ what: 'markets' })),
  );

  /** An admin's own prices for one product, in one transaction with its history. */
  const setPrices = (request: FastifyRequest, productId: string, wanted: WantedPrices) =>
    db
      .transaction((tx) => setOwnPrices(tx, identityOf(request), productId, wanted))
      // This process answers with the change at once; the others hear the NOTIFY.
      .finally(() => prices.notified({ what: 'marketPrice', id: productId.toLowerCase() }));

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
      await setPrices(request, productId, { [code]: request.body.minor });
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
        response: { 204: Type.Null(), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { code, productId } = request.params;
      await setPrices(request, productId, { [code]: null });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/product/:id/market-prices',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'getProductMarketPrices',
        summary:
          "A product's price in each market with prices of its own: its own, and what the conversion rule makes of its dollar price (admins)",
        tags: ['markets'],
        security: signedIn,
        params: IdParams,
        response: { 200: ProductMarketPrices, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => productMarketPrices(db, request.params.id),
  );

  app.put(
    '/product/:id/market-prices',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'setProductMarketPrices',
        summary:
          "Set or take away a product's own prices in several markets at once (admins): null, the market's conversion rule",
        tags: ['markets'],
        security: signedIn,
        params: IdParams,
        body: withExample(ProductMarketPricesBody, { prices: { DE: 8499, GB: null } }),
        response: { 200: ProductMarketPrices, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await setPrices(request, request.params.id, request.body.prices);
      return productMarketPrices(db, request.params.id);
    },
  );
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
