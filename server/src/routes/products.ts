import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import { ErrorResponse, IdParams } from '../contract/common';
import { Product, ProductList } from '../contract/products';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { errorBody } from '../http/errors';

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

export const productRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
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
};
