import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { asc, count, eq } from 'drizzle-orm';
import type { Guards } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import { ErrorResponse, IdParams } from '../contract/common';
import { CreateProductBody, Product, ProductList, ProductPageQuery } from '../contract/products';
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

  /**
   * The whole catalogue (the spec's call), served from the cache with an ETag so an unchanged
   * catalogue costs a 304; or one page of it with `limit`/`offset` and `X-Total-Count`.
   */
  app.get(
    '/product',
    {
      schema: {
        querystring: ProductPageQuery,
        response: { 200: ProductList, 304: Type.Null({ description: 'Not modified' }) },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      reply.header('cache-control', 'no-cache');
      if (limit !== undefined || offset !== undefined) {
        const [page, [total]] = await Promise.all([
          listProducts({ limit: limit ?? 50, offset: offset ?? 0 }),
          db.select({ n: count() }).from(products),
        ]);
        return reply.header('x-total-count', String(total?.n ?? 0)).send(page);
      }
      const cached = await catalog.get(() => listProducts());
      reply.header('etag', cached.etag);
      if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send(null);
      // Already JSON: sent as it is, not serialised again.
      return reply
        .type('application/json; charset=utf-8')
        .send(cached.body as unknown as ProductList);
    },
  );

  app.get(
    '/productDetails/:id',
    { schema: { params: IdParams, response: { 200: Product, 404: ErrorResponse } } },
    async (request, reply) => {
      const [row] = await db.select().from(products).where(eq(products.id, request.params.id));
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
