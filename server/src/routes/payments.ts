import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { identityOf, type Guards } from '../auth/guards';
import { ErrorResponse } from '../contract/common';
import {
  CardError,
  CreatePaymentIntentBody,
  LocalConfirmBody,
  LocalConfirmSuccess,
  PaymentIntentResponse,
  WebhookAck,
} from '../contract/payments';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import { HttpError } from '../http/errors';
import { findVisibleOrder, markOrderPaid, orderTotalCents } from '../orders/orderStore';
import type { PaymentProvider } from '../payments/provider';
import { checkTestCard } from '../payments/testCards';

export interface PaymentRouteDeps {
  db: Db;
  guards: Guards;
  provider: PaymentProvider;
  /** Present when PAYMENT_PROVIDER=stripe and a webhook secret is configured. */
  stripeWebhook: { stripe: Stripe; secret: string } | null;
}

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export const paymentRoutes: FastifyPluginAsyncTypebox<PaymentRouteDeps> = async (app, deps) => {
  const { db, guards, provider } = deps;

  /** A PaymentIntent for the order's full amount, computed here from the order in the database. */
  app.post(
    '/create-Payment-Intent',
    {
      preValidation: guards.requireUser,
      schema: {
        body: CreatePaymentIntentBody,
        response: { 200: PaymentIntentResponse, ...errors },
      },
    },
    async (request) => {
      const order = await findVisibleOrder(db, identityOf(request), request.body.orderId);
      if (order.paid) throw new HttpError(409, 'This order is already paid.');
      const amountCents = orderTotalCents(order);
      if (amountCents <= 0) throw new HttpError(409, 'This order has nothing to pay.');

      // Reopening the payment page reuses the open intent instead of making a new one.
      const [open] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.provider, provider.name),
            eq(payments.amountCents, amountCents),
            ne(payments.status, 'succeeded'),
          ),
        );
      if (open) return { clientSecret: open.clientSecret };

      const intent = await provider.createIntent({
        orderId: order.id,
        amountCents,
        email: order.email,
        description: `${order.quantity} x ${order.productName}`,
        idempotencyKey: `order-${order.id}-${amountCents}`,
      });
      if (provider.name !== 'local') {
        // Mirror the provider's intent so the order's payments can be listed and reconciled.
        await db
          .insert(payments)
          .values({
            orderId: order.id,
            provider: provider.name,
            intentId: intent.intentId,
            clientSecret: intent.clientSecret,
            amountCents,
            status: 'requires_payment_method',
          })
          .onConflictDoNothing();
      }
      return { clientSecret: intent.clientSecret };
    },
  );

  /** The local provider's card confirmation, answering like Stripe.js. */
  app.post(
    '/payments/local/confirm',
    {
      schema: {
        body: LocalConfirmBody,
        response: { 200: LocalConfirmSuccess, 402: CardError, ...errors },
      },
    },
    async (request, reply) => {
      if (provider.name !== 'local') {
        throw new HttpError(404, 'Card payments go through Stripe on this store.');
      }
      const [intent] = await db
        .select()
        .from(payments)
        .where(eq(payments.clientSecret, request.body.clientSecret));
      if (!intent || intent.provider !== 'local') {
        throw new HttpError(404, 'No payment is waiting for this client secret.');
      }
      const succeeded = {
        paymentIntent: {
          id: intent.intentId,
          status: 'succeeded' as const,
          amount: intent.amountCents,
        },
      };
      if (intent.status === 'succeeded') return succeeded;

      const decline = checkTestCard(request.body.card);
      if (decline) {
        return reply.status(402).send({ error: { type: 'card_error' as const, ...decline } });
      }
      await db
        .update(payments)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(eq(payments.id, intent.id));
      // What Stripe's webhook does: the order is paid even if the browser never comes back.
      await markOrderPaid(db, {
        orderId: intent.orderId,
        intentId: intent.intentId,
        amountCents: intent.amountCents,
      });
      return succeeded;
    },
  );

  // Stripe signs the exact bytes it sent: this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/payments/webhook',
      { schema: { response: { 200: WebhookAck, 400: ErrorResponse, 404: ErrorResponse } } },
      async (request) => {
        if (!deps.stripeWebhook) {
          throw new HttpError(404, 'Webhooks are only used with PAYMENT_PROVIDER=stripe.');
        }
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new HttpError(400, 'A Stripe-Signature header and a JSON body are required.');
        }
        let event: Stripe.Event;
        try {
          event = deps.stripeWebhook.stripe.webhooks.constructEvent(
            request.body,
            signature,
            deps.stripeWebhook.secret,
          );
        } catch {
          throw new HttpError(400, 'The webhook signature does not match.');
        }
        if (event.type === 'payment_intent.succeeded') {
          const intent = event.data.object;
          const orderId = intent.metadata?.orderId;
          if (orderId) {
            try {
              await markOrderPaid(db, {
                orderId,
                intentId: intent.id,
                amountCents: intent.amount_received || intent.amount,
              });
            } catch (err) {
              // Acknowledge anyway: Stripe retrying cannot fix a missing or mismatched order.
              if (!(err instanceof HttpError)) throw err;
              request.log.warn({ err, intentId: intent.id }, 'webhook payment not applied');
            }
          }
        }
        return { received: true };
      },
    );
  });
};
