import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

export interface StubRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  /** succeeded, pending, requires_action, failed or canceled, as at Stripe. */
  status: string;
  /** Why it failed (Stripe's `failure_reason`), once it has. */
  failure_reason?: string;
  metadata: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/** Stripe's test card that is always declined (https://docs.stripe.com/testing). */
export const STRIPE_DECLINED_CARD = '4000000000000002';

/**
 * A stand-in for api.stripe.com that the stripe SDK talks to over HTTP: it keeps the
 * PaymentIntents it created, honours idempotency keys and records every request for checks.
 * It also confirms an intent with a card as Stripe.js does (the machine replays' fake
 * Stripe.js): `port` fixes where it listens when another process must know it beforehand.
 */
export async function startStripeStub({ port: listenOn = 0 } = {}) {
  const intents = new Map<string, StubIntent>();
  const byIdempotencyKey = new Map<string, StubIntent>();
  const refunds: StubRefund[] = [];
  /**
   * What the tests make Stripe do to refunds: refuse them in words, lose their answers, lose the
   * requests themselves (nothing is made), or answer new ones with another status than
   * `succeeded` (`pending`, say, or `failed`).
   */
  const behaviour = {
    refuseRefunds: null as string | null,
    loseRefundAnswers: false,
    loseRefundRequests: false,
    newRefundStatus: 'succeeded',
    newRefundFailure: undefined as string | undefined,
    /** Stripe Tax: the rate (percent) by `country` or `country-state`; failing answers a 500. */
    taxRates: {} as Record<string, number>,
    failTax: false,
  };
  const refundsByKey = new Map<string, StubRefund>();
  const metadataOf = (form: URLSearchParams) => {
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    return metadata;
  };
  const refund = (paymentIntent: string, amount: number, metadata: Record<string, string>) => {
    next += 1;
    const made: StubRefund = {
      id: `re_stub${next}`,
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: paymentIntent,
      status: behaviour.newRefundStatus,
      ...(behaviour.newRefundFailure ? { failure_reason: behaviour.newRefundFailure } : {}),
      metadata,
    };
    refunds.push(made);
    return made;
  };
  const requests: RecordedRequest[] = [];
  let next = 0;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${next}` });
        res.end(JSON.stringify(payload));
      };

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = key ? byIdempotencyKey.get(key) : undefined;
        if (existing) return send(200, existing);
        next += 1;
        const id = `pi_stub${next}`;
        const metadata = metadataOf(form);
        const intent: StubIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: 0,
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_stub`,
          metadata,
        };
        intents.set(id, intent);
        if (key) byIdempotencyKey.set(key, intent);
        return send(200, intent);
      }
      if (req.method === 'POST' && url.pathname === '/v1/tax/calculations') {
        if (behaviour.failTax) {
          return send(500, { error: { type: 'api_error', message: 'Tax is resting' } });
        }
        return send(200, taxCalculation(form, behaviour.taxRates));
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        // The request never reaches Stripe: no refund, no answer.
        if (behaviour.loseRefundRequests) return res.destroy();
        if (behaviour.refuseRefunds) {
          return send(400, {
            error: { type: 'invalid_request_error', message: behaviour.refuseRefunds },
          });
        }
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = key ? refundsByKey.get(key) : undefined;
        if (existing && behaviour.loseRefundAnswers) return res.destroy();
        if (existing) return send(200, existing);
        const paymentIntent = form.get('payment_intent') ?? '';
        const intent = intents.get(paymentIntent);
        const amount = Number(form.get('amount') ?? intent?.amount_received);
        // A failed or cancelled refund gave nothing back: its amount can be refunded again.
        const taken = refunds
          .filter((r) => r.payment_intent === paymentIntent)
          .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
          .reduce((sum, r) => sum + r.amount, 0);
        if (!intent || intent.status !== 'succeeded' || taken + amount > intent.amount_received) {
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Refund exceeds the charge' },
          });
        }
        const made = refund(paymentIntent, amount, metadataOf(form));
        if (key) refundsByKey.set(key, made);
        // The refund is made, but its answer never arrives (every retry of it too).
        if (behaviour.loseRefundAnswers) return res.destroy();
        return send(200, made);
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const paymentIntent = url.searchParams.get('payment_intent');
        const data = refunds.filter((r) => r.payment_intent === paymentIntent);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      const oneRefund = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && oneRefund?.[1]) {
        const found = refunds.find((r) => r.id === oneRefund[1]);
        if (found) return send(200, found);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such refund',
          },
        });
      }
      const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
      if (req.method === 'POST' && confirm?.[1]) {
        // What Stripe.js sends: the client secret as the credential, and the card.
        const intent = intents.get(confirm[1]);
        if (!intent || form.get('client_secret') !== intent.client_secret) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment_intent',
            },
          });
        }
        const card = (form.get('payment_method_data[card][number]') ?? '').replace(/\s/g, '');
        if (card === STRIPE_DECLINED_CARD) {
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          });
        }
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match?.[1]) {
        const intent = intents.get(match[1]);
        if (intent) return send(200, intent);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    /** What a customer paying on Stripe's side does to the intent. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return intent;
    },
    refunds,
    behaviour,
    /**
     * What happens to a refund at Stripe later: a pending one succeeds, or one fails (even after
     * it succeeded) with Stripe's `failure_reason`, or one that required action is cancelled.
     * The refund as it is now (what Stripe's events about it carry).
     */
    changeRefund(id: string, status: string, failureReason?: string) {
      const found = refunds.find((r) => r.id === id);
      if (!found) throw new Error(`no refund ${id}`);
      found.status = status;
      if (failureReason) found.failure_reason = failureReason;
      return { ...found };
    },
    /** A refund made in Stripe's dashboard: no order in its metadata. */
    refundInDashboard(intentId: string, amount: number) {
      return refund(intentId, amount, {});
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Stripe Tax's answer to a calculation, as the stub works it out: one rate for the address (by
 * `country-state`, else `country`), each line's tax rounded half up, inside its amount when the
 * line is `inclusive`. A line whose address has no rate is answered untaxed (zero), as Stripe
 * does where it does not collect.
 */
function taxCalculation(form: URLSearchParams, rates: Record<string, number>) {
  const country = form.get('customer_details[address][country]') ?? '';
  const state = form.get('customer_details[address][state]');
  const rate = rates[`${country}-${state}`] ?? rates[country] ?? 0;
  const items = [];
  for (let at = 0; form.has(`line_items[${at}][amount]`); at += 1) {
    const amount = Number(form.get(`line_items[${at}][amount]`));
    const behaviour = form.get(`line_items[${at}][tax_behavior]`);
    const tax =
      behaviour === 'inclusive'
        ? Math.round((amount * rate) / (100 + rate))
        : Math.round((amount * rate) / 100);
    items.push({
      id: `tax_li_${at}`,
      object: 'tax.calculation_line_item',
      amount,
      amount_tax: tax,
      reference: form.get(`line_items[${at}][reference]`),
      tax_behavior: behaviour,
      tax_code: form.get(`line_items[${at}][tax_code]`),
      quantity: 1,
      tax_breakdown: [
        {
          amount: tax,
          taxable_amount: amount,
          tax_rate_details: {
            percentage_decimal: rate.toFixed(4),
            display_name: 'Tax',
            tax_type: 'sales_tax',
          },
        },
      ],
    });
  }
  return {
    id: 'taxcalc_stub',
    object: 'tax.calculation',
    currency: form.get('currency'),
    line_items: {
      object: 'list',
      data: items,
      has_more: false,
      url: '/v1/tax/calculations/taxcalc_stub/line_items',
    },
  };
}
