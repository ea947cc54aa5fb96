import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { identityOf, type Guards } from '../auth/guards';
import { pageOf, type CachedPage, type CatalogCache } from '../catalog/catalogCache';
import { createProduct, newProductOf } from '../catalog/productCreation';
import { filterOf, isSearch, sortOf } from '../catalog/productFilter';
import { countProducts, findProduct, readCatalogue, readProducts } from '../catalog/productTable';
import { facetsFromDatabase, searchModels, searchProducts } from '../catalog/productSearchSql';
import { keyOf, type SearchIndex } from '../catalog/searchIndex';
import { ModelCardList } from '../../../contract/models';
import type { ModelHeads } from '../models/modelHeads';
import { ProductModelDirectory } from '../models/productModelDirectory';
import { Invalid } from '../domainErrors';
import { NO_SYNONYMS, readSynonymGroups, synonymsOf } from '../catalog/searchSynonyms';
import { IdempotencyHeaders, IdParams } from '../../../contract/common';
import {
  CATALOGUE_LIST_HEADERS,
  CreateProductBody,
  Product,
  ProductFacets,
  ProductFacetsQuery,
  type ProductList,
  ProductListResponse,
  ProductPageQuery,
} from '../../../contract/products';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { copy } from '../../../contract/copy';
import { refusals } from '../refusals';
import { errorBody } from '../http/errors';
import type { Idempotency } from '../http/idempotency';
import { assertPictureOfThisStore } from '../images/imageTable';
import type { VehicleCache } from '../vehicles/vehicleDirectory';
import { sizesOfSearch, vehicleOfSearch } from '../vehicles/vehicleSizes';
import type { MarketPriceCache } from '../markets/marketPriceCache';
import { pricedPageOf, withListedPrices, type ListedItems } from '../markets/listedPrices';
import type { Market } from '../../../contract/markets';

/**
 * Whether an `If-None-Match` header names `etag`: a list, `*`, or weak forms (a compressing
 * proxy may weaken the tag) all count, as RFC 9110 compares for GET.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * A schema with its `$id`s left out: the list of models holds products too, and a response's
 * schema may name each `$id` once (the answer is sent as JSON already: this one documents it).
 */
function inline<T extends TSchema>(schema: T): T {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$id' ? undefined : value,
  ) as T;
}

/** Products on a page of a search that does not give `limit`. */
const SEARCH_PAGE = 50;

/**
 * What a list holds, before it is sent: its items and total, and, where the list is kept
 * serialised in the market asked (the spec's whole catalogue and plain pages, a search's page
 * of the cached catalogue, a page of models), that body; a page of models kept has only that.
 */
type Listed =
  | { items: ListedItems; total: number; kept?: CachedPage }
  | { items?: undefined; kept: CachedPage };

export const productRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  catalog: CatalogCache;
  idempotency: Idempotency;
  vehicles: VehicleCache;
  /** Shelf prices per market, folded into lists asked with `market`. */
  prices: MarketPriceCache;
  /** The models' own fields and first pictures, for the cards of a list by model. */
  models: ModelHeads;
}> = async (app, { db, guards, catalog, idempotency, vehicles, prices, models: modelHeads }) => {
  /** Listing retired products is the catalogue's staff's (checked in the handler: a public route). */
  const backOffice = guards.allow('catalogue.edit');
  const cached = () =>
    catalog.get(
      () => readCatalogue(db),
      (ids) => readProducts(db, ids),
    );

  const productModels = new ProductModelDirectory(db);
  /** The models of the index's products: read once per index (then kept with it). */
  const modelsOf = async (snapshot: { index: SearchIndex; products: readonly { _id: string }[] }) =>
    snapshot.index.knownModels ??
    snapshot.index.modelsOf(await productModels.of(snapshot.products.map((p) => p._id)));

  /** The search's synonyms, kept with the catalogue. */
  const synonyms = () => catalog.synonyms(async () => synonymsOf(await readSynonymGroups(db)));

  /** The market a list is asked in, or null for the spec's US one (its prices are the spec's). */
  const marketOf = async (code: string | undefined): Promise<Market | null> => {
    if (code === undefined) return null;
    const market = await prices.market(code);
    return market.currency === 'USD' ? null : market;
  };

  /** `market`: the query's, when the caller has it already. */
  const filterOfQuery = async (
    query: ProductFacetsQuery,
    market: Market | null | undefined = undefined,
  ) => {
    market = market === undefined ? await marketOf(query.market) : market;
    return filterOf(
      query,
      await sizesOfSearch(vehicles, query),
      query.q?.trim() ? await synonyms() : NO_SYNONYMS,
      // A car's own OE marks: its approved tyres are listed first.
      (await vehicleOfSearch(vehicles, query))?.oeMarks ?? [],
      // In a market, the price filter is on its shelf prices.
      market ? await prices.scale(market) : null,
    );
  };

  /** One page straight from the database: for when the cache cannot be trusted. */
  const pageFromDatabase = async (limit: number, offset: number): Promise<Listed> => {
    const [items, total] = await Promise.all([
      readCatalogue(db, { limit, offset }),
      countProducts(db),
    ]);
    return { items, total };
  };

  /** A page of a search: from the cached catalogue's index, or the database when untrusted. */
  const searchPage = async (query: ProductPageQuery, market: Market | null): Promise<Listed> => {
    const filter = await filterOfQuery(query, market);
    const sort = sortOf(query);
    const limit = query.limit ?? SEARCH_PAGE;
    const offset = query.offset ?? 0;
    const status = query.status ?? 'active';
    // The index holds the shop's products; retired ones are the back office's, read from SQL.
    if (!catalog.isTrusted || status !== 'active') {
      const found = await searchProducts(db, filter, sort, { limit, offset, status });
      return { items: found.products, total: found.total };
    }
    const snapshot = await cached();
    const hits = snapshot.index.search(filter, sort, limit, offset);
    const items = hits.positions.map((at) => snapshot.products[at]!);
    // Kept with the snapshot, as plain pages are: a popular search's page (in each market) is
    // serialised once while the catalogue is unchanged.
    const { shelf } = filter;
    // In a market the filter holds its shelf scale; without one, the prices are looked up.
    if (market && !shelf) return { items, total: hits.total };
    const kept = snapshot.searchPage(
      `${market?.code ?? ''}:${sort}:${limit}:${offset}:${keyOf(filter)}`,
      () =>
        market && shelf
          ? pricedPageOf(items, hits.total, market, shelf)
          : pageOf(items, hits.total),
    );
    return { items, total: hits.total, kept };
  };

  /**
   * A page of the models with a product the search finds (issue 51), each with those products:
   * from the cached catalogue's index, or the database when untrusted. The shop's only.
   */
  const modelPage = async (query: ProductPageQuery, market: Market | null): Promise<Listed> => {
    if (query.status !== undefined && query.status !== 'active') {
      throw new Invalid(refusals.catalog.modelsOnSale, 'status');
    }
    const filter = await filterOfQuery(query, market);
    const sort = sortOf(query);
    const limit = query.limit ?? SEARCH_PAGE;
    const offset = query.offset ?? 0;
    if (!catalog.isTrusted) {
      const found = await searchModels(db, filter, sort, { limit, offset });
      const listed = found.models.map((model) => ({ id: model.id, sizes: model.products }));
      return { items: await modelHeads.cards(listed), total: found.total };
    }
    const snapshot = await cached();
    const models = await modelsOf(snapshot);
    const hits = snapshot.index.searchModels(filter, sort, limit, offset, models);
    const cards = () =>
      modelHeads.cards(
        hits.models.map((model) => ({
          id: model.id,
          sizes: model.positions.map((at) => snapshot.products[at]!),
        })),
      );
    // In a market the sizes are priced after; the spec's prices are kept serialised with the
    // snapshot until a product or a model's gallery changes (the heads' generation).
    if (market) return { items: await cards(), total: hits.total };
    const key = `models:${modelHeads.generation}:${sort}:${limit}:${offset}:${keyOf(filter)}`;
    const kept = await snapshot.searchPageMade(key, async () => pageOf(await cards(), hits.total));
    return { kept };
  };

  /** What `GET /product` lists for this query, its prices not yet those of `market`. */
  const listOf = async (query: ProductPageQuery, market: Market | null): Promise<Listed> => {
    const { limit, offset } = query;
    if (query.by === 'model') return modelPage(query, market);
    if (isSearch(query)) return searchPage(query, market);
    if (limit === undefined && offset === undefined) {
      const snapshot = await cached();
      const kept = market ? undefined : snapshot.all();
      return { items: snapshot.products, total: snapshot.total, kept };
    }
    if (!catalog.isTrusted) return pageFromDatabase(limit ?? 50, offset ?? 0);
    const snapshot = await cached();
    const from = offset ?? 0;
    const to = from + (limit ?? 50);
    return {
      items: snapshot.products.slice(from, to),
      total: snapshot.total,
      kept: market ? undefined : snapshot.page(limit ?? 50, from),
    };
  };

  /**
   * The whole catalogue (the spec's call), or one page of it with `limit`/`offset`, both served
   * from the cached catalogue with an ETag (an unchanged answer costs a 304) and `X-Total-Count`.
   * A page is a slice of the cached list, so paging costs no query while the catalogue is
   * unchanged; every process updates its copy when the database announces a change.
   */
  app.get(
    '/product',
    {
      schema: {
        operationId: 'listProducts',
        summary:
          'The catalogue: every product (oldest first), a page of it, or a page of a search ' +
          '(newest first unless sorted; 50 a page unless limited)',
        tags: ['products'],
        security: publicCall,
        querystring: ProductPageQuery,
        response: {
          200: Type.Union([ProductListResponse, inline(ModelCardList)], {
            description:
              "The products (the spec's answer), or with by=model the models; X-Total-Count " +
              'counts what is listed',
            headers: CATALOGUE_LIST_HEADERS,
          }),
          304: Type.Null({ description: 'Not modified: the If-None-Match ETag is current' }),
          // 401 and 403 only for status=retired or all, which are for admins.
          ...failures(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { status } = request.query;
      // Retired products are the back office's; their searches run in SQL, not the index.
      if (status !== undefined && status !== 'active') await backOffice(request, reply);
      const market = await marketOf(request.query.market);
      const listed = await listOf(request.query, market);
      // Another market's answer is its own body and ETag (the market is in the address, so a
      // cache keys it apart): the spec's fields, and each product's shelf price there.
      const answer =
        listed.items === undefined
          ? listed.kept
          : (listed.kept ??
            (market
              ? pageOf(await withListedPrices(listed.items, market, prices, cached), listed.total)
              : pageOf(listed.items, listed.total)));
      reply
        .header('cache-control', 'no-cache')
        .header('etag', answer.etag)
        .header('x-total-count', String(answer.total));
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
        return reply.status(304).send(null);
      }
      // Already JSON: sent as it is, not serialised again.
      return reply
        .type('application/json; charset=utf-8')
        .send(answer.body as unknown as ProductList);
    },
  );

  /**
   * One product, from the same cached catalogue as the list (so its stock is as fresh), or from
   * the database when the cache is not trusted or does not hold the id (added a moment ago in
   * another process, or no such product).
   */
  app.get(
    '/productDetails/:id',
    {
      schema: {
        operationId: 'getProduct',
        summary: 'One product by id',
        tags: ['products'],
        security: publicCall,
        params: IdParams,
        response: { 200: Product, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const known = catalog.isTrusted ? (await cached()).find(id.toLowerCase()) : undefined;
      if (known) return known;
      const product = await findProduct(db, id);
      if (!product) return reply.status(404).send(errorBody(404, refusals.product.none));
      return product;
    },
  );

  app.get(
    '/product/facets',
    {
      schema: {
        operationId: 'productFacets',
        summary:
          'What a filter panel counts: products (or with by=model models) per category, ' +
          'season and size, and prices',
        tags: ['products'],
        security: publicCall,
        querystring: ProductFacetsQuery,
        response: { 200: ProductFacets, ...failures(400) },
      },
    },
    async (request, reply) => {
      const filter = await filterOfQuery(request.query);
      const byModel = request.query.by === 'model';
      reply.header('cache-control', 'no-cache');
      if (!catalog.isTrusted) return facetsFromDatabase(db, filter, byModel);
      const snapshot = await cached();
      return snapshot.index.facets(filter, byModel ? await modelsOf(snapshot) : undefined);
    },
  );

  app.post(
    '/product',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'createProduct',
        summary: 'Add a product to the catalogue (admins; send an Idempotency-Key per form)',
        tags: ['products'],
        security: signedIn,
        headers: IdempotencyHeaders,
        body: withExample(CreateProductBody, {
          name: 'Michelin Pilot Sport 4 225/45 R17',
          description: 'Summer tyre with precise steering and short braking on wet roads.',
          price: 139.5,
          orderquantity: 2,
          availablequantity: 40,
          img: '/api/images/0b6f2d4e-3c1a-4e8b-9f7d-2a5c8e1b4d60',
        }),
        response: { 201: Product, ...failures(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertPictureOfThisStore(db, body.img, copy.addProduct.fields.image, 'img');
      const product = newProductOf(body);
      const actor = identityOf(request);
      const answer = await idempotency.once(request, reply, 'POST /product', async () => {
        const created = await createProduct(db, product, actor);
        // This process reads its own write at once; the others hear the trigger's NOTIFY.
        catalog.invalidate();
        return { status: 201 as const, body: created };
      });
      return reply.status(answer.status).send(answer.body);
    },
  );
};
