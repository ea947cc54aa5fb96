import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { CatalogCache } from '../catalog/catalogCache';
import type { CheckoutRow } from '../checkout/checkoutTable';
import { toCheckout } from '../checkout/checkoutView';
import { recordCheckoutPayment } from './checkoutPayment';
import { PayCheckoutBody } from '../../../contract/checkout';
import {
  FindOrderAnswer,
  FindOrderBody,
  GUEST_BROWSER_HEADER,
  GUEST_KEY_HEADER,
  GuestBrowser,
  GuestBrowserHeaders,
  GuestCheckout,
  GuestCheckoutBody,
  GuestCheckoutParams,
  GuestKeyHeaders,
  GuestOrderParams,
  GuestReturnBody,
  PlacedGuestCheckout,
} from '../../../contract/guests';
import { CancelBody, Order } from '../../../contract/orders';
import { PaymentIntentResponse } from '../../../contract/payments';
import type { Db } from '../db/client';
import { failures, publicCall, withExample } from '../docs/describe';
import { Forbidden, Invalid } from '../domainErrors';
import { claimFittingPlace, todayIn } from '../fitting/fittingTable';
import { emailOrderLink } from '../guests/findOrder';
import { checkoutOfKey, revokeGuestLinks } from '../guests/guestLinks';
import { guestIdentity } from '../guests/guestBuyers';
import type { GuestBrowsers } from '../guests/guestBrowsers';
import { placeGuestCheckout } from '../guests/placeGuestCheckout';
import { guestWords } from '../guests/guestWords';
import { actOnOrder, type LifecycleRequest } from '../orders/orderLifecycle';
import { ordersOfCheckout, type EmailVerifiedCheck, type HoldPolicy } from '../orders/orderTable';
import { orderView } from '../orders/orderView';
import { startPayment } from '../payments/billing';
import type { PaymentProvider } from '../payments/provider';
import type { TaxProvider } from '../tax/taxProvider';
import { refuseUnfitLines } from '../vehicles/bagFitment';
import type { VehicleCache } from '../vehicles/vehicleDirectory';
import { Type } from '@sinclair/typebox';

/** A request carrying a link's key, about the checkout (and order) its params name. */
type Keyed<P> = Pick<FastifyRequest, 'headers' | 'ip' | 'method' | 'routeOptions' | 'url'> & {
  params: P;
};

/** Find my order, per client address (besides the store's limit on writes). */
const FIND_ORDER_PER_MINUTE = 5;

/**
 * New browser ids per client address an hour: a household or an office buys as guests from a
 * few browsers; a script making a "new browser" per checkout is stopped here.
 */
export const GUEST_BROWSERS_PER_HOUR = 20;

/**
 * Buying without an account (issue 47): a guest checks out the bag the browser keeps, pays with
 * a card, and follows the orders from the link emailed to them (the key in the guest-key
 * header), which opens that checkout only. Find my order emails the link again.
 */
export const guestRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  paymentProvider: PaymentProvider;
  taxProvider: TaxProvider;
  catalog: CatalogCache;
  holds: HoldPolicy;
  emailVerified: EmailVerifiedCheck;
  timeZone: string;
  browsers: GuestBrowsers;
  vehicles: VehicleCache;
}> = async (app, deps) => {
  const { db, paymentProvider, catalog } = deps;
  const claimFitting = (tx: Db, day: string) => claimFittingPlace(tx, day, todayIn(deps.timeZone));
  const rules = {
    holds: deps.holds,
    emailVerified: deps.emailVerified,
    today: () => todayIn(deps.timeZone),
  };
  const billing = { db, provider: paymentProvider, holds: deps.holds, timeZone: deps.timeZone };
  const tags = ['guests'];

  /** The checkout the request's key opens, and the identity of its owner for those orders. */
  async function opened(request: Keyed<{ id: string }>) {
    const key = String(request.headers[GUEST_KEY_HEADER] ?? '');
    const { checkout, email } = await checkoutOfKey(db, request.params.id, key);
    const owner = guestIdentity(checkout.userId, email, {
      address: request.ip,
      call: `${request.method} ${request.routeOptions.url ?? request.url}`,
    });
    return { checkout, email, owner };
  }

  const view = async (guest: { checkout: CheckoutRow; email: string }) => ({
    checkout: await toCheckout(db, guest.checkout, await ordersOfCheckout(db, guest.checkout.id)),
    email: guest.email,
  });

  app.post(
    '/guest/browser',
    {
      config: { rateLimit: { max: GUEST_BROWSERS_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        operationId: 'issueGuestBrowser',
        summary: 'A guest id for this browser, to send with its guest checkouts',
        description:
          'The store issues it (the browser cannot choose one): one unpaid guest checkout per ' +
          `browser, and ${GUEST_BROWSERS_PER_HOUR} new browser ids per client address an hour.`,
        tags,
        security: publicCall,
        response: { 201: GuestBrowser, ...failures(429) },
      },
    },
    async (_request, reply) => reply.status(201).send({ browser: deps.browsers.issue() }),
  );

  app.post(
    '/guest/checkout',
    {
      schema: {
        operationId: 'checkOutAsGuest',
        summary: 'Order a bag without an account: all reserved or none, held briefly until paid',
        description:
          'The same prices, stock, held-units and fitting rules as a signed-in checkout; the ' +
          'orders belong to the email. Unpaid, they hold their stock for 10 minutes at most, and ' +
          'an email or a browser has one unpaid guest checkout at a time (409). The answer’s ' +
          '`key` opens the checkout (guest-key header) until it is revoked.',
        tags,
        security: publicCall,
        headers: GuestBrowserHeaders,
        body: withExample(GuestCheckoutBody, {
          email: 'maria@example.com',
          name: 'Maria K.',
          address: '12 Foundry Lane, Springfield',
          number: '+1 555 010 2030',
          fitting: null,
          items: [{ productId: '6d1c2b3a-4e5f-4a7b-8c9d-0e1f2a3b4c5d', quantity: 4 }],
        }),
        response: { 201: PlacedGuestCheckout, ...failures(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const browser = request.headers[GUEST_BROWSER_HEADER] as string;
      if (!deps.browsers.issued(browser)) {
        throw new Invalid(guestWords.browserNotIssued, GUEST_BROWSER_HEADER);
      }
      // A bag for a chosen car: tyres below its load index or speed rating are refused, as an
      // account's checkout refuses them.
      await refuseUnfitLines(
        db,
        deps.vehicles,
        request.body.items,
        request.body.vehicle,
        request.body.fitting ?? todayIn(deps.timeZone),
      );
      const placed = await placeGuestCheckout(db, request.body, browser, rules, deps.taxProvider);
      // `place_checkout` left the stock's notice to us: sent now it is committed.
      catalog.stockMoved(placed.orders.map((order) => order.productId));
      const checkout = await toCheckout(db, placed.checkout, placed.orders, placed.pricing);
      return reply.status(201).send({ checkout, email: placed.email, key: placed.key });
    },
  );

  app.get(
    '/guest/checkout/:id',
    {
      schema: {
        operationId: 'getGuestCheckout',
        summary: 'A guest checkout and its orders, opened by its link’s key',
        tags,
        security: publicCall,
        headers: GuestKeyHeaders,
        params: GuestCheckoutParams,
        response: { 200: GuestCheckout, ...failures(400, 401) },
      },
    },
    async (request) => view(await opened(request)),
  );

  app.post(
    '/guest/checkout/:id/payment-intent',
    {
      schema: {
        operationId: 'startGuestPayment',
        summary: 'Start the one card payment of a guest checkout, for its whole total',
        tags,
        security: publicCall,
        headers: GuestKeyHeaders,
        params: GuestCheckoutParams,
        response: { 200: PaymentIntentResponse, ...failures(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { checkout, owner } = await opened(request);
      return { clientSecret: await startPayment(billing, owner, { checkoutId: checkout.id }) };
    },
  );

  app.patch(
    '/guest/checkout/:id',
    {
      schema: {
        operationId: 'payGuestCheckout',
        summary: 'Record the card payment of a guest checkout',
        tags,
        security: publicCall,
        headers: GuestKeyHeaders,
        params: GuestCheckoutParams,
        body: withExample(PayCheckoutBody, { transactionId: 'pi_3PqExample0001' }),
        response: { 200: GuestCheckout, ...failures(400, 401, 402, 409, 429) },
      },
    },
    async (request) => {
      const guest = await opened(request);
      const { transactionId } = request.body;
      await recordCheckoutPayment(db, paymentProvider, guest.checkout, transactionId, claimFitting);
      return view(guest);
    },
  );

  /** A shopper's cancel or return of one order of the checkout, as My Orders offers them. */
  async function act(request: Keyed<{ id: string; orderId: string }>, lifecycle: LifecycleRequest) {
    const { checkout, owner } = await opened(request);
    const orders = await ordersOfCheckout(db, checkout.id);
    if (!orders.some((order) => order.id === request.params.orderId)) {
      throw new Forbidden(guestWords.notInCheckout);
    }
    const { order, restocked } = await actOnOrder(
      db,
      paymentProvider,
      owner,
      request.params.orderId,
      lifecycle,
    );
    for (const productId of restocked) catalog.productChanged(productId);
    return orderView(db, order);
  }

  const orderAction = {
    tags,
    security: publicCall,
    headers: GuestKeyHeaders,
    params: GuestOrderParams,
    response: { 200: Order, ...failures(400, 401, 403, 409, 429) },
  };

  app.post(
    '/guest/checkout/:id/orders/:orderId/cancel',
    {
      schema: {
        ...orderAction,
        operationId: 'cancelGuestOrder',
        summary: 'Cancel an order of a guest checkout (refunded when it was paid)',
        body: withExample(CancelBody, { reason: 'Ordered the wrong size' }),
      },
    },
    (request) => act(request, { action: 'cancel', reason: request.body?.reason?.trim() ?? null }),
  );

  app.post(
    '/guest/checkout/:id/orders/:orderId/return',
    {
      schema: {
        ...orderAction,
        operationId: 'returnGuestOrder',
        summary: 'Ask to return a delivered order of a guest checkout',
        body: withExample(GuestReturnBody, { reason: 'One tyre arrived with a cut sidewall' }),
      },
    },
    (request) => act(request, { action: 'requestReturn', reason: request.body.reason.trim() }),
  );

  app.delete(
    '/guest/checkout/:id/links',
    {
      schema: {
        operationId: 'stopGuestLinks',
        summary: 'Stop every link to this guest checkout (Find my order emails a new one)',
        tags,
        security: publicCall,
        headers: GuestKeyHeaders,
        params: GuestCheckoutParams,
        response: { 204: Type.Null(), ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { checkout } = await opened(request);
      await revokeGuestLinks(db, checkout.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/guest/find-order',
    {
      config: { rateLimit: { max: FIND_ORDER_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        operationId: 'findMyOrder',
        summary: 'Email the link to a guest order: the same answer whether or not it exists',
        tags,
        security: publicCall,
        body: withExample(FindOrderBody, {
          email: 'maria@example.com',
          orderNumber: '6d1c2b3a-4e5f-4a7b-8c9d-0e1f2a3b4c5d',
        }),
        response: { 202: FindOrderAnswer, ...failures(400, 429) },
      },
    },
    async (request, reply) => {
      await emailOrderLink(db, request.body.email, request.body.orderNumber);
      return reply.status(202).send({ message: guestWords.findOrderSent });
    },
  );
};
