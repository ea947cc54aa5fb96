import { claimWhenVerified } from '../guests/claimGuestOrders';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { refusals } from '../refusals';
import { can, identityOf, type Guards, type Identity } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import { IdempotencyHeaders, IdParams } from '../../../contract/common';
import {
  CreateOrderBody,
  DeletedCount,
  Order,
  OrderList,
  OrdersQuery,
  PayOrderBody,
} from '../../../contract/orders';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import type { Idempotency } from '../http/idempotency';
import {
  type EmailVerifiedCheck,
  type HoldPolicy,
  deleteUnpaidOrder,
  findOrdersPage,
  findVisibleOrder,
  placeOrder,
} from '../orders/orderTable';
import { orderView, orderViews } from '../orders/orderView';
import type { PaymentProvider } from '../payments/provider';
import { recordOrderPayment } from './orderPayment';
import { payRoute, readRoute } from './visibleRecordRoutes';

export const orderRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  paymentProvider: PaymentProvider;
  catalog: CatalogCache;
  holds: HoldPolicy;
  idempotency: Idempotency;
  /** Asks the identity provider whether an account's email is verified now. */
  emailVerified: EmailVerifiedCheck;
}> = async (app, { db, guards, paymentProvider, catalog, holds, idempotency, emailVerified }) => {
  app.post(
    '/order',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'placeOrder',
        summary: 'Order a product: stock is reserved at once (send an Idempotency-Key per form)',
        tags: ['orders'],
        security: signedIn,
        headers: IdempotencyHeaders,
        body: withExample(CreateOrderBody, {
          productId: '0b6f5c1e-8a9d-4f7e-9a51-3c2d1e0f4a5b',
          name: 'Maria K.',
          address: '12 Foundry Lane, Springfield',
          number: '+1 555 010 2030',
          quantity: 4,
        }),
        response: { 201: Order, ...failures(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await idempotency.once(request, reply, 'POST /order', async () => {
        const order = await placeOrder(db, identityOf(request), request.body, holds, emailVerified);
        // `place_orders` left the stock's notice to us: sent now it is committed.
        catalog.stockMoved([order.productId]);
        return { status: 201 as const, body: await orderView(db, order) };
      });
      return reply.status(answer.status).send(answer.body);
    },
  );

  /**
   * `?email=` lists one user's orders (self or admin); without it, every order (admin). Admins
   * also filter by `status` and search with `q`; `page` and `perPage` give one page, with the
   * number of matching orders in X-Total-Count.
   */
  app.get(
    '/order',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'listOrders',
        summary: "One user's orders (yourself, or anyone for admins), or every order (admins)",
        tags: ['orders'],
        security: signedIn,
        querystring: OrdersQuery,
        response: { 200: OrderList, ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = identityOf(request);
      const { status, q, page, perPage } = request.query;
      const email = request.query.email?.toLowerCase();
      const staff = can(caller, 'orders.read');
      if (!staff) {
        if (email === undefined) throw new HttpError(403, refusals.order.adminListsAll);
        if (email !== caller.email) throw new HttpError(403, refusals.order.ownListOnly);
      }
      // Guest orders of this email join it once it is verified, without signing in again.
      if (email === caller.email) await claimWhenVerified(db, caller.userId, emailVerified);
      // A shopper's own list is their account's: an older account with the same email is not them.
      const filter = staff ? { email, status, q } : { userId: caller.userId, status };
      const paging =
        page === undefined && perPage === undefined
          ? null
          : { limit: perPage ?? 50, offset: ((page ?? 1) - 1) * (perPage ?? 50) };
      const { rows, total } = await findOrdersPage(db, filter, paging);
      reply.header('x-total-count', String(total));
      return orderViews(db, rows);
    },
  );

  const order = {
    url: '/order/:id',
    tags: ['orders'],
    answer: Order,
    load: (caller: Identity, id: string) => findVisibleOrder(db, caller, id),
  };

  readRoute(app, guards, {
    ...order,
    operationId: 'getOrder',
    summary: 'One order by id (your own, or any for admins)',
    view: (row) => orderView(db, row),
  });

  app.delete(
    '/order/:id',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'cancelOrder',
        summary: 'Cancel an unpaid order (its stock is released)',
        tags: ['orders'],
        security: signedIn,
        params: IdParams,
        response: { 200: DeletedCount, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const productId = await deleteUnpaidOrder(
        db,
        identityOf(request),
        request.params.id,
        holds.holdSeconds,
      );
      catalog.productChanged(productId);
      return { deletedCount: 1 };
    },
  );

  payRoute(app, guards, {
    ...order,
    operationId: 'payOrder',
    summary: 'Record the card payment of an order',
    body: PayOrderBody,
    pay: async (row, transactionId) =>
      orderView(db, await recordOrderPayment(db, paymentProvider, row, transactionId)),
  });
};
