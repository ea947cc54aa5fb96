import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import { ErrorResponse, IdParams } from '../contract/common';
import {
  CreateOrderBody,
  DeletedCount,
  Order,
  OrderList,
  OrdersQuery,
  PayOrderBody,
} from '../contract/orders';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import {
  deleteUnpaidOrder,
  findVisibleOrder,
  listOrders,
  markOrderPaid,
  placeOrder,
  toOrder,
} from '../orders/orderStore';
import type { PaymentProvider } from '../payments/provider';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export const orderRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  payments: PaymentProvider;
  catalog: CatalogCache;
}> = async (app, { db, guards, payments, catalog }) => {
  app.post(
    '/order',
    {
      preValidation: guards.requireUser,
      schema: { body: CreateOrderBody, response: { 201: Order, ...errors } },
    },
    async (request, reply) => {
      const order = await placeOrder(db, identityOf(request), request.body);
      // Stock changed: this process reads its own write at once (others via NOTIFY).
      catalog.productChanged(order.productId);
      return reply.status(201).send(toOrder(order));
    },
  );

  /** `?email=` lists one user's orders (self or admin); without it, every order (admin). */
  app.get(
    '/order',
    {
      preValidation: guards.requireUser,
      schema: { querystring: OrdersQuery, response: { 200: OrderList, ...errors } },
    },
    async (request) => {
      const caller = identityOf(request);
      const email = request.query.email?.toLowerCase() ?? null;
      if (caller.role !== 'admin') {
        if (email === null) throw new HttpError(403, 'Only an admin can list every order.');
        if (email !== caller.email) throw new HttpError(403, 'You can only list your own orders.');
      }
      return (await listOrders(db, email)).map(toOrder);
    },
  );

  app.get(
    '/order/:id',
    {
      preValidation: guards.requireUser,
      schema: { params: IdParams, response: { 200: Order, ...errors } },
    },
    async (request) => toOrder(await findVisibleOrder(db, identityOf(request), request.params.id)),
  );

  app.delete(
    '/order/:id',
    {
      preValidation: guards.requireUser,
      schema: { params: IdParams, response: { 200: DeletedCount, ...errors } },
    },
    async (request) => {
      const productId = await deleteUnpaidOrder(db, identityOf(request), request.params.id);
      catalog.productChanged(productId);
      return { deletedCount: 1 };
    },
  );

  /**
   * Records a card payment: the order becomes paid only once the payment provider confirms that
   * this PaymentIntent succeeded for this order and its full amount.
   */
  app.patch(
    '/order/:id',
    {
      preValidation: guards.requireUser,
      schema: { params: IdParams, body: PayOrderBody, response: { 200: Order, ...errors } },
    },
    async (request) => {
      const order = await findVisibleOrder(db, identityOf(request), request.params.id);
      const { transactionId } = request.body;
      if (order.paid && order.transactionId === transactionId) return toOrder(order);
      if (order.paid) throw new HttpError(409, 'This order is already paid.');

      const intent = await payments.retrieveIntent(transactionId);
      if (!intent || intent.orderId !== order.id) {
        throw new HttpError(402, 'No payment with this transaction id was made for this order.');
      }
      if (intent.status !== 'succeeded') {
        throw new HttpError(402, 'This payment has not succeeded yet.');
      }
      const paid = await markOrderPaid(db, {
        orderId: order.id,
        intentId: intent.id,
        amountCents: intent.amountCents,
      });
      return toOrder(paid);
    },
  );
};
