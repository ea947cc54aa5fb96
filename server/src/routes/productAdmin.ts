import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { refusals } from '../refusals';
import { identityOf, type Guards } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import { editProduct, StaleEdit } from '../catalog/productEditing';
import { readHistory, recordChanges, type Actor } from '../catalog/productHistory';
import { findProduct, moveStock, toProduct, writeStatus } from '../catalog/productTable';
import { stockAboveMax, stockBelowZero, type ProductStatus } from '../../../contract/catalogTerms';
import { AMOUNT_MAX } from '../../../contract/limits';
import { IdParams } from '../../../contract/common';
import {
  EditConflict,
  EditProductBody,
  ProductHistory,
  StatusChangeBody,
  StockChangeBody,
} from '../../../contract/productChanges';
import { Product } from '../../../contract/products';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import { errorBody, HttpError } from '../http/errors';
import { assertPictureOfThisStore } from '../images/imageTable';
import { copy } from '../../../contract/copy';

/**
 * The back office's product calls (admins only): edit with the version the edit started from,
 * move stock by increments, retire and restore, and read a product's history. Every write is
 * kept in the product's history; each changes the shop at once in this process and, through
 * the database's notifications, in every other.
 */
export const productAdminRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  catalog: CatalogCache;
}> = async (app, { db, guards, catalog }) => {
  const admin = { preValidation: guards.allow('catalogue.edit') };
  // Retire and restore may come without a body: nothing to say beyond the id.
  const adminWithOptionalBody = {
    preValidation: [
      guards.allow('catalogue.edit'),
      async (request: { body: unknown }) => {
        request.body ??= {};
      },
    ],
  };
  const mustExist = async (id: string) => {
    const product = await findProduct(db, id);
    if (!product) throw new HttpError(404, refusals.product.none);
    return product;
  };

  app.patch(
    '/product/:id',
    {
      ...admin,
      schema: {
        operationId: 'editProduct',
        summary: 'Change a product (admins): the fields to change and the version you started from',
        tags: ['products'],
        security: signedIn,
        params: IdParams,
        body: withExample(EditProductBody, { version: 1, price: 84.99 }),
        response: {
          200: Product,
          409: { ...EditConflict, description: 'Changed since that version: `current` is now' },
          ...failures(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const edit = request.body;
      if (edit.img !== undefined) {
        const before = await mustExist(id);
        // The picture it has is kept as it is; a new one must be an upload of this store.
        if (edit.img !== before.img) {
          await assertPictureOfThisStore(db, edit.img, copy.addProduct.fields.image, 'img');
        }
      }
      try {
        const product = await editProduct(db, id, edit, identityOf(request));
        catalog.productChanged(product._id);
        return product;
      } catch (error) {
        if (!(error instanceof StaleEdit)) throw error;
        return reply
          .status(409)
          .send({ ...errorBody(409, error.message, error.field), current: error.current });
      }
    },
  );

  app.post(
    '/product/:id/stock',
    {
      ...admin,
      schema: {
        operationId: 'moveStock',
        summary: 'Add units to stock or take them out (admins), with a reason',
        tags: ['products'],
        security: signedIn,
        params: IdParams,
        body: withExample(StockChangeBody, { delta: 40, reason: 'delivery' }),
        response: { 200: Product, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { delta, reason } = request.body;
      const row = await db.transaction(async (tx) => {
        const moved = await moveStock(tx, id, delta);
        if (!moved) return null;
        await recordChanges(tx, identityOf(request), [
          {
            productId: id,
            action: 'stock',
            before: { availablequantity: moved.availableQuantity - delta },
            after: { availablequantity: moved.availableQuantity },
            delta,
            reason: reason.trim(),
          },
        ]);
        return moved;
      });
      if (!row) {
        const product = await mustExist(id);
        const inStock = product.availablequantity;
        const message = delta < 0 ? stockBelowZero(inStock) : stockAboveMax(inStock, AMOUNT_MAX);
        throw new HttpError(409, message, 'delta');
      }
      catalog.productChanged(row.id);
      return toProduct(row);
    },
  );

  /** Retires or restores; already so, the product as it is; changed since `version`, 409. */
  const changeStatus = async (
    id: string,
    status: ProductStatus,
    version: number | undefined,
    actor: Actor,
  ) => {
    const row = await db.transaction(async (tx) => {
      const changed = await writeStatus(tx, id, status, version);
      if (!changed) return null;
      await recordChanges(tx, actor, [
        {
          productId: id,
          action: status === 'retired' ? 'retire' : 'restore',
          before: { status: status === 'retired' ? 'active' : 'retired' },
          after: { status },
        },
      ]);
      return changed;
    });
    if (!row) {
      const product = await mustExist(id);
      if (product.status === status) return product;
      throw new HttpError(
        409,
        `Another admin changed this product since you saw it (it is at version ${product.version}): reload it and try again.`,
        'version',
      );
    }
    // It joins or leaves the shop's list: every list is read again.
    catalog.invalidate();
    return toProduct(row);
  };

  for (const [path, status, summary] of [
    ['retire', 'retired', 'Take a product out of the shop (admins); its orders keep it'],
    ['restore', 'active', 'Put a retired product back in the shop (admins)'],
  ] as const) {
    app.post(
      `/product/:id/${path}`,
      {
        ...adminWithOptionalBody,
        schema: {
          operationId: `${path}Product`,
          summary,
          tags: ['products'],
          security: signedIn,
          params: IdParams,
          body: withExample(StatusChangeBody, {}),
          response: { 200: Product, ...failures(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) =>
        changeStatus(request.params.id, status, request.body?.version, identityOf(request)),
    );
  }

  app.get(
    '/product/:id/history',
    {
      ...admin,
      schema: {
        operationId: 'productHistory',
        summary: "A product's changes (admins): who changed what and when, newest first",
        tags: ['products'],
        security: signedIn,
        params: IdParams,
        response: { 200: ProductHistory, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await mustExist(id);
      return readHistory(db, id);
    },
  );
};
