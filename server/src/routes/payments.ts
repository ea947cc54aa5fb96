import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type Stripe from 'stripe';
import { identityOf, type Guards, type Identity } from '../auth/guards';
import { findVisibleCheckout } from '../checkout/checkoutStore';
import { claimFittingPlace, todayIn } from '../fitting/fittingStore';
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
import {
  findOrder,
  findVisibleOrder,
  isExpired,
  markCheckoutPaid,
  markOrderPaid,
  ordersOfCheckout,
  orderTotalCents,
  type HoldPolicy,
  type OrderRow,
} from '../orders/orderStore';
import { recordFailedRefund, recordReportedRefund } from '../orders/orderLifecycle';
import { findIntent, findOpenIntent } from '../payments/paymentStore';
import {
  refundFailureOf,
  refundStatusOf,
  type IntentRecord,
  type PaymentProvider,
  type PaymentTarget,
} from '../payments/provider';

/** What a payment is for and how much, with what the provider shows the shopper. */
interface Due {
  target: PaymentTarget;
  amountCents: number;
  email: string;
  description: string;
}

/** Where the webhook logs what it could not place. */
interface WebhookLog {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

/** The order or the checkout an intent pays, from its record (one of the two is set). */
function targetOf(intent: Pick<IntentRecord, 'orderId' | 'checkoutId'>): PaymentTarget | null {
  if (intent.checkoutId) return { orderId: null, checkoutId: intent.checkoutId };
  if (intent.orderId) return { orderId: intent.orderId, checkoutId: null };
  return null;
}

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
  const { db, guards, paymentProvider } = deps;
  const refused = refusals.payment;
  const claimFitting = (tx: Db, day: string) => claimFittingPlace(tx, day, todayIn(deps.timeZone));
  const expired = () => refusals.order.expired(deps.holds.holdSeconds);

  /** A PaymentIntent for the order's full amount, computed here from the order in the database. */
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
    async (request) => {
      const { orderId, checkoutId } = request.body;
      if ((orderId === undefined) === (checkoutId === undefined)) {
        throw new HttpError(400, refusals.checkout.sayWhatToPay);
      }
      const caller = identityOf(request);
      const due =
        orderId !== undefined
          ? await orderDue(caller, orderId)
          : await checkoutDue(caller, checkoutId!);
      const { target, amountCents } = due;

      // Reopening the payment page reuses the open intent instead of making a new one.
      const open = await findOpenIntent(db, {
        target,
        provider: paymentProvider.name,
        amountCents,
      });
      if (open) return { clientSecret: open.clientSecret };

      const intent = await paymentProvider.createIntent({
        ...due,
        idempotencyKey: `${target.orderId ? 'order' : 'checkout'}-${target.orderId ?? target.checkoutId}-${amountCents}`,
      });
      return { clientSecret: intent.clientSecret };
    },
  );

  /** What one order's payment is for: its full amount, computed from the order. */
  async function orderDue(caller: Identity, orderId: string): Promise<Due> {
    return dueOfOrder(await findVisibleOrder(db, caller, orderId));
  }

  function dueOfOrder(order: OrderRow): Due {
    if (order.paid) throw new HttpError(409, refusals.order.alreadyPaid);
    if (order.status === 'cancelled') {
      throw new HttpError(409, refusals.lifecycle.notNow('pay', 'cancelled'));
    }
    // A checkout's orders are paid with one payment, never one by one.
    if (order.checkoutId) throw new HttpError(409, refusals.checkout.payTogether);
    // No money moves for an order whose hold ran out: its stock may be someone else's now.
    if (isExpired(order)) throw new HttpError(409, expired());
    const amountCents = orderTotalCents(order);
    if (amountCents <= 0) throw new HttpError(409, refused.nothingToPay);
    return {
      target: { orderId: order.id, checkoutId: null },
      amountCents,
      email: order.email,
      description: `${order.quantity} x ${order.productName}`,
    };
  }

  /** What a checkout's one payment is for: every order of it, computed from the orders. */
  async function checkoutDue(caller: Identity, checkoutId: string): Promise<Due> {
    const checkout = await findVisibleCheckout(db, caller, checkoutId);
    return dueOfCheckout(checkout.id);
  }

  async function dueOfCheckout(checkoutId: string): Promise<Due> {
    const rows = await ordersOfCheckout(db, checkoutId);
    if (rows.length === 0) throw new HttpError(409, refusals.checkout.nothingToPay);
    if (rows.some((order) => order.paid)) throw new HttpError(409, refusals.checkout.alreadyPaid);
    if (rows.some((order) => order.status === 'cancelled')) {
      throw new HttpError(409, refusals.checkout.nothingToPay);
    }
    if (rows.some((order) => isExpired(order))) {
      throw new HttpError(409, refusals.checkout.expired(deps.holds.holdSeconds));
    }
    const amountCents = rows.reduce((sum, order) => sum + orderTotalCents(order), 0);
    if (amountCents <= 0) throw new HttpError(409, refusals.checkout.nothingToPay);
    return {
      target: { orderId: null, checkoutId },
      amountCents,
      email: rows[0]!.email,
      description: rows
        .map((order) => `${order.quantity} x ${order.productName}`)
        .join(', ')
        .slice(0, 1000),
    };
  }

  /**
   * Before any card is charged: 'paid' when this very intent already paid it (a double click
   * racing the first), else refuses an intent whose order or checkout can no longer be paid for
   * exactly its amount (paid by another, past its hold, gone, or its total changed).
   */
  async function stillDue(target: PaymentTarget, intent: IntentRecord): Promise<'due' | 'paid'> {
    let due: Due;
    if (target.checkoutId === null) {
      const order = await findOrder(db, target.orderId);
      if (!order) throw new HttpError(404, refusals.order.none);
      if (order.paid && order.transactionId === intent.id) return 'paid';
      due = dueOfOrder(order);
    } else {
      const rows = await ordersOfCheckout(db, target.checkoutId);
      if (rows.length > 0 && rows.every((row) => row.transactionId === intent.id)) return 'paid';
      due = await dueOfCheckout(target.checkoutId);
    }
    if (due.amountCents !== intent.amountCents) {
      throw new HttpError(409, refusals.order.paymentMismatch);
    }
    return 'due';
  }

  /** Puts a succeeded intent's payment on what it paid (an order, or a checkout's orders). */
  async function applyPayment(intent: { id: string; amountCents: number } & PaymentTarget) {
    const payment = { intentId: intent.id, amountCents: intent.amountCents };
    if (intent.checkoutId === null)
      await markOrderPaid(db, { ...payment, orderId: intent.orderId });
    else await markCheckoutPaid(db, { ...payment, checkoutId: intent.checkoutId }, claimFitting);
  }

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
      const { cards } = paymentProvider;
      if (!cards) throw new HttpError(404, refused.stripeOnly);
      const intent = await cards.intentFor(request.body.clientSecret);
      if (!intent) throw new HttpError(404, refused.noIntent);
      const succeeded = {
        paymentIntent: {
          id: intent.id,
          status: 'succeeded' as const,
          amount: intent.amountCents,
        },
      };
      if (intent.status === 'succeeded') return succeeded;
      const target = targetOf(intent);
      if (!target) throw new HttpError(404, refused.noIntent);
      if ((await stillDue(target, intent)) === 'paid') return succeeded;

      const decline = await cards.charge(intent.id, request.body.card);
      if (decline) {
        return reply.status(402).send({ error: { type: 'card_error' as const, ...decline } });
      }
      // What Stripe's webhook does: the order is paid even if the browser never comes back.
      await applyPayment({ ...target, id: intent.id, amountCents: intent.amountCents });
      return succeeded;
    },
  );

  /**
   * A charge was refunded: every refund of its intent is applied as Stripe now has it (listed
   * fresh, so a late or repeated event reads the refunds' current status).
   */
  async function recordStripeRefunds(stripe: Stripe, charge: Stripe.Charge, log: WebhookLog) {
    const intentId =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intentId) return;
    for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
      await applyStripeRefund(refund, log);
    }
  }

  /**
   * One Stripe refund, as Stripe has it now, applied once: a succeeded one the store asked for
   * settles its reservation; one made in Stripe's dashboard belongs to the intent's order, or to
   * the order its metadata names if that order is of the intent's checkout (else it is logged). A
   * failed or cancelled one is recorded failed, and taken back out of the order if it had been
   * counted. A pending one (or requires_action) waits: it counts only once it succeeds.
   */
  async function applyStripeRefund(refund: Stripe.Refund, log: WebhookLog) {
    const intentId =
      typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
    if (!intentId) return;
    const refundKey = refund.metadata?.refundKey ?? null;
    const status = refundStatusOf(refund.status);
    if (status === 'pending') return;
    if (status === 'failed') {
      const recorded = await recordFailedRefund(db, {
        refundId: refund.id,
        intentId,
        refundKey,
        reason: refundFailureOf(refund),
      });
      // Never counted by the store (a dashboard refund that failed before it succeeded): nothing
      // to take back.
      if (!recorded) log.info({ refundId: refund.id, intentId }, 'failed Stripe refund not ours');
      return;
    }
    const payment = await findIntent(db, intentId);
    const recorded = await recordReportedRefund(db, {
      provider: 'stripe',
      refundId: refund.id,
      intentId,
      amountCents: refund.amount,
      refundKey,
      orderId: await refundedOrder(payment, refund.metadata?.orderId ?? null),
    });
    if (!recorded) log.warn({ refundId: refund.id, intentId }, 'Stripe refund not recorded');
  }

  /** The order a refund of this payment is for: its order, or the named order of its checkout. */
  async function refundedOrder(
    payment: Awaited<ReturnType<typeof findIntent>>,
    named: string | null,
  ): Promise<string | null> {
    if (!payment) return null;
    if (payment.orderId) return payment.orderId;
    if (!named || !/^[0-9a-f-]{36}$/i.test(named)) return null;
    const order = await findOrder(db, named);
    return order && order.checkoutId === payment.checkoutId ? order.id : null;
  }

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
        if (event.type === 'payment_intent.succeeded') {
          const intent = event.data.object;
          const target = targetOf({
            orderId: intent.metadata?.orderId ?? null,
            checkoutId: intent.metadata?.checkoutId ?? null,
          });
          if (target) {
            try {
              await applyPayment({
                ...target,
                id: intent.id,
                amountCents: intent.amount_received || intent.amount,
              });
            } catch (err) {
              // Acknowledge anyway: Stripe retrying cannot fix a missing or mismatched order.
              if (!(err instanceof HttpError)) throw err;
              request.log.warn({ err, intentId: intent.id }, 'webhook payment not applied');
              // The card was charged for what can no longer be had (cancelled, sold since its
              // hold ran out, paid already by another intent): the money goes straight back.
              const received = intent.amount_received || intent.amount;
              await paymentProvider.refund({
                intentId: intent.id,
                amountCents: received,
                orderId: target.orderId ?? target.checkoutId!,
                idempotencyKey: `unapplied-${intent.id}`,
              });
            }
          }
        }
        if (event.type === 'charge.refunded') {
          await recordStripeRefunds(deps.stripeWebhook.stripe, event.data.object, request.log);
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
          await applyStripeRefund(refund, request.log);
        }
        return { received: true };
      },
    );
  });
};
