import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Guards } from '../auth/guards';
import { pageOf, type CachedPage, type CatalogCache } from '../catalog/catalogCache';
import { ErrorResponse, IdParams } from '../contract/common';
import {
  CreateProductBody,
  Product,
  type ProductList,
  ProductListResponse,
  ProductPageQuery,
} from '../contract/products';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { errorBody, HttpError } from '../http/errors';

type ProductRow = typeof products.$inferSelect;

/** A database row in the spec's shape. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    price: row.priceCents / 100,
    orderquantity: row.orderQuantity,
    availablequantity: row.availableQuantity,
  };
}

/**
 * Whether an `If-None-Match` header names `etag`: a list, `*`, or weak forms (a compressing
 * proxy may weaken the tag) all count, as RFC 9110 compares for GET.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export const productRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  catalog: CatalogCache;
}> = async (app, { db, guards, catalog }) => {
  const listProducts = (page?: { limit: number; offset: number }) => {
    const query = db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
    return (page ? query.limit(page.limit).offset(page.offset) : query).then((rows) =>
      rows.map(toProduct),
    );
  };

  /** The products with these ids: what the cache reads again when only they changed. */
  const someProducts = (ids: readonly string[]) =>
    db
      .select()
      .from(products)
      .where(inArray(products.id, [...ids]))
      .then((rows) => rows.map(toProduct));

  const cached = () => catalog.get(() => listProducts(), someProducts);

  /** One page straight from the database: for when the cache cannot be trusted. */
  const pageFromDatabase = async (limit: number, offset: number) => {
    const [page, [total]] = await Promise.all([
      listProducts({ limit, offset }),
      db.select({ n: count() }).from(products),
    ]);
    return pageOf(page, total?.n ?? 0);
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
        querystring: ProductPageQuery,
        response: { 200: ProductListResponse, 304: Type.Null({ description: 'Not modified' }) },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const paged = limit !== undefined || offset !== undefined;
      let answer: CachedPage;
      if (!paged) {
        const snapshot = await cached();
        answer = { ...snapshot.all(), total: snapshot.total };
      } else if (catalog.isTrusted) {
        answer = (await cached()).page(limit ?? 50, offset ?? 0);
      } else {
        answer = await pageFromDatabase(limit ?? 50, offset ?? 0);
      }
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
    { schema: { params: IdParams, response: { 200: Product, 404: ErrorResponse } } },
    async (request, reply) => {
      const { id } = request.params;
      const known = catalog.isTrusted ? (await cached()).find(id.toLowerCase()) : undefined;
      if (known) return known;
      const [row] = await db.select().from(products).where(eq(products.id, id));
      if (!row) return reply.status(404).send(errorBody(404, 'No product with this id.'));
      return toProduct(row);
    },
  );

  app.post(
    '/product',
    {
      preValidation: guards.requireAdmin,
      schema: {
        body: CreateProductBody,
        response: { 201: Product, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const available = body.availableauantity ?? body.availablequantity;
      if (available === undefined) {
        throw new HttpError(400, 'body.availablequantity is required');
      }
      if (
        body.availableauantity !== undefined &&
        body.availablequantity !== undefined &&
        body.availableauantity !== body.availablequantity
      ) {
        throw new HttpError(400, 'body.availableauantity and body.availablequantity disagree');
      }
      const [row] = await db
        .insert(products)
        .values({
          name: body.name.trim(),
          description: body.description.trim(),
          priceCents: Math.round(body.price * 100),
          orderQuantity: body.orderquantity,
          availableQuantity: available,
          img: body.img,
        })
        .returning();
      if (!row) throw new Error('product insert returned nothing');
      // This process reads its own write at once; the others hear the trigger's NOTIFY.
      catalog.invalidate();
      return reply.status(201).send(toProduct(row));
    },
  );
};
