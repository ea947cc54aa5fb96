import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards, type Identity } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import { findVisibleCheckout } from '../checkout/checkoutTable';
import { toCheckout } from '../checkout/checkoutView';
import { placeCheckout } from '../checkout/placeCheckout';
import { recordCheckoutPayment } from './checkoutPayment';
import { payRoute, readRoute } from './visibleRecordRoutes';
import {
  Checkout,
  CheckoutBody,
  CheckoutParams,
  PayCheckoutBody,
} from '../../../contract/checkout';
import { IdempotencyHeaders } from '../../../contract/common';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import { claimFittingPlace, todayIn } from '../fitting/fittingTable';
import type { Idempotency } from '../http/idempotency';
import { ordersOfCheckout, type EmailVerifiedCheck, type HoldPolicy } from '../orders/orderTable';
import type { PaymentProvider } from '../payments/provider';
import { refuseUnfitTyres } from '../vehicles/bagFitment';
import type { VehicleCache } from '../vehicles/vehicleDirectory';
import { priceCheckout, type MarketsByCountry } from '../markets/checkoutPricing';
import type { TaxProvider } from '../tax/taxProvider';

/** Checkout of the bag: its orders placed together, and paid together with one card payment. */
export const checkoutRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  paymentProvider: PaymentProvider;
  taxProvider: TaxProvider;
  catalog: CatalogCache;
  holds: HoldPolicy;
  idempotency: Idempotency;
  emailVerified: EmailVerifiedCheck;
  timeZone: string;
  vehicles: VehicleCache;
  /** The markets as the shelf prices' cache keeps them (their rates and fees). */
  markets: MarketsByCountry;
}> = async (app, deps) => {
  const { db, guards, paymentProvider, catalog, idempotency } = deps;
  const rules = {
    holds: deps.holds,
    emailVerified: deps.emailVerified,
    today: () => todayIn(deps.timeZone),
    claimFitting: (tx: Db, day: string) => claimFittingPlace(tx, day, todayIn(deps.timeZone)),
  };

  app.post(
    '/checkout',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'checkOut',
        summary:
          'Order every line of your bag at once: all reserved or none (send an Idempotency-Key per form)',
        description:
          'Each line becomes an ordinary order with `checkoutId`, held like a single order until ' +
          'paid; the bag is emptied. 409 names the products when a line cannot be reserved, and ' +
          'then nothing is reserved and the bag is left as it was.',
        tags: ['bag'],
        security: signedIn,
        headers: IdempotencyHeaders,
        body: withExample(CheckoutBody, {
          name: 'Maria K.',
          address: '12 Foundry Lane, Springfield',
          number: '+1 555 010 2030',
          fitting: null,
        }),
        response: { 201: Checkout, ...failures(400, 401, 403, 409, 429, 502) },
      },
    },
    async (request, reply) => {
      const answer = await idempotency.once(request, reply, 'POST /checkout', async () => {
        const buyer = identityOf(request);
        // A bag for a chosen car: tyres below its load index or speed rating are refused.
        await refuseUnfitTyres(
          db,
          deps.vehicles,
          buyer.userId,
          request.body.vehicle,
          request.body.fitting ?? todayIn(deps.timeZone),
        );
        // Priced and taxed before anything is reserved: a tax provider that fails costs nothing.
        const priced = await priceCheckout(
          db,
          deps.taxProvider,
          buyer.userId,
          request.body,
          deps.markets,
        );
        const placed = await placeCheckout(db, buyer, request.body, rules, priced);
        // `place_checkout` left the stock's notice to us: sent now it is committed.
        catalog.stockMoved(placed.orders.map((order) => order.productId));
        // Listed as GET lists them (by product name), as placeCheckout answers them.
        const body = await toCheckout(db, placed.checkout, placed.orders, placed.pricing);
        return { status: 201 as const, body };
      });
      return reply.status(answer.status).send(answer.body);
    },
  );

  const checkout = {
    url: '/checkout/:id',
    tags: ['bag'],
    params: CheckoutParams,
    answer: Checkout,
    load: (caller: Identity, id: string) => findVisibleCheckout(db, caller, id),
  };

  readRoute(app, guards, {
    ...checkout,
    operationId: 'getCheckout',
    summary: 'One checkout with its orders (your own, or any for admins)',
    view: async (row) => toCheckout(db, row, await ordersOfCheckout(db, row.id)),
  });

  payRoute(app, guards, {
    ...checkout,
    operationId: 'payCheckout',
    summary: 'Record the one card payment of every order of a checkout',
    body: PayCheckoutBody,
    pay: async (row, transactionId) =>
      toCheckout(
        db,
        row,
        await recordCheckoutPayment(db, paymentProvider, row, transactionId, rules.claimFitting),
      ),
  });
};
