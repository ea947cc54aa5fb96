import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type Stripe from 'stripe';
import { identityOf, type Guards } from '../auth/guards';
import { refusals } from '../refusals';
import {
  CardDecline,
  CreatePaymentIntentBody,
  LocalConfirmBody,
  LocalConfirmSuccess,
  PaymentIntentResponse,
  StripeEvent,
  StripeSignatureHeaders,
  WebhookAck,
} from '../../../contract/payments';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import type { HoldPolicy } from '../orders/orderTable';
import {
  applyReportedPayment,
  confirmLocalPayment,
  startPayment,
  targetOf,
  type BillingDeps,
} from '../payments/billing';
import type { PaymentProvider } from '../payments/provider';
import { applyStripeRefund, recordStripeRefunds } from '../refunds/stripeRefunds';

export interface PaymentRouteDeps {
  db: Db;
  guards: Guards;
  paymentProvider: PaymentProvider;
  holds: HoldPolicy;
  /** The shop's time zone: a late payment takes its fitting day's place again (from tomorrow). */
  timeZone: string;
  /** Present when PAYMENT_PROVIDER=stripe and a webhook secret is configured. */
  stripeWebhook: { stripe: Stripe; secret: string } | null;
}

export const paymentRoutes: FastifyPluginAsyncTypebox<PaymentRouteDeps> = async (app, deps) => {
  const { guards } = deps;
  const refused = refusals.payment;
  const billing: BillingDeps = {
    db: deps.db,
    provider: deps.paymentProvider,
    holds: deps.holds,
    timeZone: deps.timeZone,
  };

  /** A PaymentIntent for the order's full amount, computed by billing from the database. */
  app.post(
    '/create-Payment-Intent',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'createPaymentIntent',
        summary: "Start the card payment of an order, for the order's full amount",
        tags: ['payments'],
        security: signedIn,
        body: withExample(CreatePaymentIntentBody, {
          orderId: '6d1c2b3a-4e5f-4a7b-8c9d-0e1f2a3b4c5d',
        }),
        response: { 200: PaymentIntentResponse, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      clientSecret: await startPayment(billing, identityOf(request), request.body),
    }),
  );

  /** The local provider's card confirmation, answering like Stripe.js. */
  app.post(
    '/payments/local/confirm',
    {
      schema: {
        operationId: 'confirmLocalPayment',
        summary: "Pay with a card on the local provider (Stripe's test cards)",
        description:
          'Only with PAYMENT_PROVIDER=local (404 otherwise). The client secret is the ' +
          'credential, as with Stripe.js: a declined card answers 402 with a card error.',
        tags: ['payments'],
        security: publicCall,
        body: withExample(LocalConfirmBody, {
          clientSecret: 'pi_local_example_secret_example',
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
        }),
        response: {
          200: LocalConfirmSuccess,
          402: { ...CardDecline, description: 'The card was declined: `error.message` says why' },
          ...failures(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const outcome = await confirmLocalPayment(
        billing,
        request.body.clientSecret,
        request.body.card,
      );
      if ('declined' in outcome) {
        return reply
          .status(402)
          .send({ error: { type: 'card_error' as const, ...outcome.declined } });
      }
      const { id, amountCents } = outcome.paid;
      return { paymentIntent: { id, status: 'succeeded' as const, amount: amountCents } };
    },
  );

  // Stripe signs the exact bytes it sent: this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/payments/webhook',
      {
        schema: {
          operationId: 'receiveStripeWebhook',
          summary: "Stripe's payment events (PAYMENT_PROVIDER=stripe)",
          description:
            'Called by Stripe, authenticated by the Stripe-Signature header over the exact ' +
            'bytes of the body; 404 when no webhook secret is configured.',
          tags: ['payments'],
          security: publicCall,
          headers: StripeSignatureHeaders,
          body: withExample(StripeEvent, {
            id: 'evt_3PqExample0001',
            type: 'payment_intent.succeeded',
            data: {
              object: {
                id: 'pi_3PqExample0001',
                metadata: { orderId: '6d1c2b3a-4e5f-4a7b-8c9d-0e1f2a3b4c5d' },
              },
            },
          }),
          response: { 200: WebhookAck, ...failures(400, 404, 429) },
        },
      },
      async (request) => {
        if (!deps.stripeWebhook) {
          throw new HttpError(404, refused.webhooksStripeOnly);
        }
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new HttpError(400, refused.webhookNeedsSignature);
        }
        let event: Stripe.Event;
        try {
          event = deps.stripeWebhook.stripe.webhooks.constructEvent(
            request.body,
            signature,
            deps.stripeWebhook.secret,
          );
        } catch {
          throw new HttpError(400, refused.webhookSignatureMismatch);
        }
        // Read back from Stripe, as refunds are: the intent as Stripe has it now decides what is
        // paid (its status, amount and metadata), never the event's copy alone.
        const intent =
          event.type === 'payment_intent.succeeded'
            ? await deps.stripeWebhook.stripe.paymentIntents.retrieve(event.data.object.id)
            : null;
        if (intent && intent.status !== 'succeeded') {
          request.log.warn({ intentId: intent.id }, 'succeeded event for an intent that has not');
        }
        if (intent?.status === 'succeeded') {
          const target = targetOf({
            orderId: intent.metadata?.orderId ?? null,
            checkoutId: intent.metadata?.checkoutId ?? null,
          });
          if (target) {
            const amountCents = intent.amount_received || intent.amount;
            await applyReportedPayment(
              billing,
              { ...target, id: intent.id, amountCents },
              request.log,
            );
          }
        }
        if (event.type === 'charge.refunded') {
          await recordStripeRefunds(
            deps.db,
            deps.stripeWebhook.stripe,
            event.data.object,
            request.log,
          );
        }
        // A refund changed: it succeeded after pending, or failed (even after it succeeded), or
        // was cancelled. The event's copy may be older than another delivered before it, so the
        // refund is read again from Stripe and applied as it is now.
        if (
          event.type === 'charge.refund.updated' ||
          event.type === 'refund.created' ||
          event.type === 'refund.updated' ||
          event.type === 'refund.failed'
        ) {
          const refund = await deps.stripeWebhook.stripe.refunds.retrieve(event.data.object.id);
          await applyStripeRefund(deps.db, refund, request.log);
        }
        return { received: true };
      },
    );
  });
};
