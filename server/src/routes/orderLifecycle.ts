import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, identityOf, type Guards } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import { IdempotencyHeaders, IdParams } from '../../../contract/common';
import {
  CancelBody,
  Order,
  OrderHistory,
  RefundBody,
  RefundPreview,
  RefundPreviewQuery,
  ReturnBody,
  ShipBody,
} from '../../../contract/orders';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { failure, failures, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import type { Idempotency } from '../http/idempotency';
import { historyOf } from '../orders/orderEvents';
import { actOnOrder, type LifecycleRequest } from '../orders/orderLifecycle';
import { findOrder, findVisibleOrder, type OrderRow } from '../orders/orderTable';
import { paidForUnits } from '../refunds/paidForUnits';
import { checkUnitsLeft, previewRefund } from '../refunds/refundPreview';
import { NotFound } from '../domainErrors';
import { orderView } from '../orders/orderView';
import type { PaymentProvider } from '../payments/provider';

/** Dollars as typed (12.5) to whole cents, or a refusal when they are not whole cents. */
export function wholeCents(dollars: number): number {
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6)
    throw new HttpError(400, refusals.lifecycle.wholeCents);
  return cents;
}

/**
 * An order's life after it is placed (issue 30): ship, deliver, cancel, return and refund, each
 * checked against the lifecycle's one transition table (orders/orderLifecycle.ts), and the
 * order's history. Each takes an Idempotency-Key: a repeat gets the first answer.
 */
export const orderLifecycleRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  paymentProvider: PaymentProvider;
  catalog: CatalogCache;
  idempotency: Idempotency;
}> = async (app, { db, guards, paymentProvider, catalog, idempotency }) => {
  /** Runs a transition once per Idempotency-Key and answers the order as it now is. */
  async function transition(
    request: FastifyRequest,
    reply: FastifyReply,
    orderId: string,
    lifecycle: LifecycleRequest,
  ) {
    const scope = `POST /order/${orderId}/${lifecycle.action}`;
    const answer = await idempotency.once(request, reply, scope, async () => {
      const { order, restocked } = await actOnOrder(
        db,
        paymentProvider,
        identityOf(request),
        orderId,
        lifecycle,
      );
      for (const productId of restocked) catalog.productChanged(productId);
      return { status: 200 as const, body: await orderView(db, order) };
    });
    return reply.status(answer.status).send(answer.body);
  }

  const common = {
    tags: ['lifecycle'],
    security: signedIn,
    params: IdParams,
    headers: IdempotencyHeaders,
    response: {
      200: Order,
      ...failures(400, 401, 403, 404, 409, 422, 429),
      ...failure(
        502,
        'The payment provider refused or did not confirm the refund: `message` says what happened to the money',
      ),
    },
  };

  app.post(
    '/order/:id/ship',
    {
      preValidation: guards.allow('orders.fulfil'),
      schema: {
        ...common,
        operationId: 'shipOrder',
        summary: 'Ship a paid order with its carrier and tracking number (admins)',
        body: withExample(ShipBody, {
          carrier: 'DHL',
          trackingNumber: 'JD014600006281230012',
          trackingUrl: 'https://www.dhl.com/track?id=JD014600006281230012',
        }),
      },
    },
    (request, reply) =>
      transition(request, reply, request.params.id, {
        action: 'ship',
        carrier: request.body.carrier,
        trackingNumber: request.body.trackingNumber,
        trackingUrl: request.body.trackingUrl ?? null,
      }),
  );

  app.post(
    '/order/:id/deliver',
    {
      preValidation: guards.allow('orders.fulfil'),
      schema: {
        ...common,
        operationId: 'deliverOrder',
        summary: 'Mark a shipped order delivered (admins)',
      },
    },
    (request, reply) => transition(request, reply, request.params.id, { action: 'deliver' }),
  );

  app.post(
    '/order/:id/cancel',
    {
      preValidation: guards.requireUser,
      schema: {
        ...common,
        operationId: 'cancelPlacedOrder',
        summary:
          'Cancel an order not shipped yet (its owner or admins): stock released, a paid order refunded in full',
        description:
          'An unpaid order of a checkout is cancelled with the whole checkout (they are paid together).',
        body: withExample(CancelBody, { reason: 'Ordered the wrong size' }),
      },
    },
    (request, reply) =>
      transition(request, reply, request.params.id, {
        action: 'cancel',
        reason: request.body?.reason?.trim() ?? null,
      }),
  );

  app.post(
    '/order/:id/return',
    {
      preValidation: guards.requireUser,
      schema: {
        ...common,
        operationId: 'returnOrder',
        summary:
          'Ask for a return of a delivered order with a reason (its owner), or receive it (admins)',
        description:
          'The owner sends `{ reason }` within 30 days of delivery. An admin sends ' +
          '`{ received: true, restock }` once the products are back: what is left of the ' +
          'payment is refunded and, with `restock`, the units go back on sale.',
        body: withExample(ReturnBody, { reason: 'One tyre arrived with a cut sidewall' }),
      },
    },
    (request, reply) => {
      const body = request.body;
      if (body.received) {
        return transition(request, reply, request.params.id, {
          action: 'receiveReturn',
          restock: body.restock ?? false,
        });
      }
      const reason = body.reason?.trim();
      if (!reason) throw new HttpError(400, refusals.lifecycle.returnNeedsReason);
      return transition(request, reply, request.params.id, { action: 'requestReturn', reason });
    },
  );

  app.post(
    '/order/:id/refund',
    {
      preValidation: guards.allow('orders.refund'),
      schema: {
        ...common,
        operationId: 'refundOrder',
        summary: 'Refund part or all of what was paid for an order, with a reason (admins)',
        body: withExample(RefundBody, { amount: 49.5, reason: 'Delivered two days late' }),
      },
    },
    async (request, reply) => {
      const { amount, units, reason } = request.body;
      if ((amount === undefined) === (units === undefined)) {
        throw new HttpError(400, refusals.lifecycle.amountOrUnits, 'amount');
      }
      const amountCents =
        units === undefined ? wholeCents(amount!) : await unitsCents(request.params.id, units);
      return transition(request, reply, request.params.id, {
        action: 'refund',
        amountCents,
        reason: reason.trim(),
      });
    },
  );

  /** What `units` cost the shopper, refused when fewer are left (the lock checks the money). */
  async function unitsCents(orderId: string, units: number) {
    const order = await orderOr404(db, orderId);
    await checkUnitsLeft(db, order, units);
    return paidForUnits(db, order, units);
  }

  app.get(
    '/order/:id/refund-preview',
    {
      preValidation: guards.allow('orders.refund'),
      schema: {
        operationId: 'previewRefund',
        summary:
          'What a refund of some units of an order would give back (admins); changes nothing',
        description:
          'The Refund dialog asks before an admin confirms a return of units: the figure is ' +
          'worked out as the refund itself would be (discounts shared out, added tax in ' +
          'proportion), so the client never computes money.',
        tags: ['lifecycle'],
        security: signedIn,
        params: IdParams,
        querystring: RefundPreviewQuery,
        response: { 200: RefundPreview, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      previewRefund(db, await orderOr404(db, request.params.id), request.query.units),
  );

  app.get(
    '/order/:id/history',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'getOrderHistory',
        summary: "An order's history, oldest first (its owner or admins)",
        tags: ['lifecycle'],
        security: signedIn,
        params: IdParams,
        response: { 200: OrderHistory, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = identityOf(request);
      const order = await findVisibleOrder(db, caller, request.params.id);
      return historyOf(db, order, can(caller, 'orders.read'));
    },
  );
};

async function orderOr404(db: Db, id: string): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order) throw new NotFound(refusals.order.none);
  return order;
}
