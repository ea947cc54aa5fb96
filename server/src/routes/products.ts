import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import type { Guards } from '../auth/guards';
import { ErrorResponse, IdParams } from '../contract/common';
import { CreateProductBody, Product, ProductList } from '../contract/products';
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

export const productRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get('/product', { schema: { response: { 200: ProductList } } }, async () => {
    const rows = await db
      .select()
      .from(products)
      .orderBy(asc(products.createdAt), asc(products.id));
    return rows.map(toProduct);
  });

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
      return reply.status(201).send(toProduct(row));
    },
  );
};
