import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { emails } from '../src/db/schema';
import { issuedGuestBrowser } from './guestBrowser';
import { appToken, bearer, firebaseIdToken, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/** Browser ids as the store issues them (POST /api/guest/browser), with the tests' key. */

/**
 * The contract test: requests made from the published document for every operation — a valid
 * one, one without sign-in, one as a shopper, malformed ones, one for a record that does not
 * exist — and every answer checked against what the document declares for that operation
 * (the status is listed, the body matches its schema). Record ids a valid request needs come
 * from a few records made through the API first (`Fixtures`).
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: { type?: string; format?: string; enum?: string[]; example?: unknown };
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Media {
  schema: Record<string, unknown>;
  example?: unknown;
}
interface Operation {
  operationId: string;
  security: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Call {
  method: string;
  path: string;
  op: Operation;
}

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A multipart form with each binary field of the schema holding its documented example when it
 * names a text type (a CSV price list), else the PNG.
 */
function multipartBody(schema: Media['schema']) {
  const boundary = `----contract${randomUUID()}`;
  const fields = Object.entries(
    (schema.properties as Record<string, { 'x-contentMediaType'?: string; example?: string }>) ??
      {},
  );
  const parts = fields.map(([field, property]) => {
    // OpenAPI 3.0 has one `example`; JSON Schema's contentMediaType is published as an extension.
    const mediaType = property['x-contentMediaType'];
    const text = mediaType?.startsWith('text/') ? property.example : undefined;
    const [type, bytes] = text === undefined ? ['image/png', PNG] : [mediaType, Buffer.from(text)];
    return Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  });
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Records the valid requests point at, made through the API before the run. */
interface Fixtures {
  adminEmail: string;
  /** A person of the staff (support) the owner gives roles to, and their signed-in session. */
  staffEmail: string;
  staffSessionId: string;
  productId: string;
  /** The tyre model the product is a size of (pictures are added to it). */
  modelId: string;
  /** Models of one picture each, one per gallery change, so the changes never meet. */
  galleries: Record<'reorder' | 'alt' | 'remove', { modelId: string; pictureId: string }>;
  /** The product's version now: an edit names the one it started from. */
  productVersion: number;
  /** Paid through the local provider: its intent is `transactionId`. */
  paidOrderId: string;
  clientSecret: string;
  transactionId: string;
  /** Unpaid: one to start a payment for, one to cancel. */
  unpaidOrderId: string;
  cancellableOrderId: string;
  /** A bag's checkout paid through the local provider with the intent `checkoutTransactionId`. */
  paidCheckoutId: string;
  checkoutTransactionId: string;
  imageId: string;
  /** A seeded review, for an admin to hide or show. */
  reviewId: string;
  /** An email the outbox gave up on (failed), for an admin to send again. */
  failedEmailId: string;
  /** A seeded car version. */
  vehicleId: string;
  /** Orders of the admin's own in the state each lifecycle action starts from. */
  lifecycle: Record<'ship' | 'deliver' | 'cancel' | 'return' | 'refund', string>;
  /** A seeded fitting centre, and one of the admin's own to delete. */
  centreId: string;
  spareCentreId: string;
  /** A stock place of the admin's own to remove. */
  sparePlace: string;
  /** A promotion with a code, of the admin's. */
  promotionId: string;
  /** Paid fitting appointments of the admin's, more than a day ahead, and a free slot. */
  appointments: Record<'own' | 'cancel' | 'mark', string>;
  freeSlot: string;
  /** Guest checkouts (issue 47) with their links' keys, each in the state its calls start from. */
  guests: Record<
    'paid' | 'unpaid' | 'cancel' | 'delivered' | 'links' | 'fitting' | 'fittingCancel',
    GuestFixture
  >;
}

interface GuestFixture {
  id: string;
  key: string;
  orderId: string;
  transactionId: string | null;
}

/** The guest checkout a guest call is made on, by its operation. */
const GUEST_FIXTURE: Record<string, keyof Fixtures['guests']> = {
  getGuestCheckout: 'paid',
  payGuestCheckout: 'paid',
  startGuestPayment: 'unpaid',
  cancelGuestOrder: 'cancel',
  returnGuestOrder: 'delivered',
  stopGuestLinks: 'links',
  getGuestAppointmentCalendar: 'fitting',
  moveGuestAppointment: 'fitting',
  cancelGuestAppointment: 'fittingCancel',
};

/** A guest call's headers: the link's key, or the browser's id for a new guest checkout. */
function guestHeaders(call: Call, f: Fixtures): Record<string, string> {
  if (call.path === '/api/guest/checkout') return { 'guest-browser': issuedGuestBrowser() };
  const fixture = GUEST_FIXTURE[call.op.operationId];
  return fixture ? { 'guest-key': f.guests[fixture].key } : {};
}

/** A query parameter's documented example, where it has one; else any text. */
const exampleOf = (p: Parameter) =>
  String(p.example ?? Object.values(p.examples ?? {})[0]?.value ?? p.schema.example ?? 'x');

/** A path parameter of a valid request: the record the path is about. */
function pathValue(call: Call, name: string, f: Fixtures): string {
  if (name === 'email') return call.path.startsWith('/api/staff/') ? f.staffEmail : f.adminEmail;
  if (call.path.startsWith('/api/staff/sessions/')) return f.staffSessionId;
  if (call.path.startsWith('/api/productDetails/')) return f.productId;
  if (call.path.startsWith('/api/product/')) return f.productId;
  if (call.path.startsWith('/api/bag/items/')) return f.productId;
  if (call.path.startsWith('/api/images/')) return f.imageId;
  const gallery = MODEL_GALLERY_CHANGES[call.op.operationId];
  if (gallery) return f.galleries[gallery][name === 'pictureId' ? 'pictureId' : 'modelId'];
  if (call.path.startsWith('/api/models/')) return f.modelId;
  if (call.path.startsWith('/api/review/')) return f.reviewId;
  if (call.path.startsWith('/api/admin/emails/')) return f.failedEmailId;
  if (call.path.startsWith('/api/vehicles/')) return f.vehicleId;
  if (call.path.startsWith('/api/checkout/')) return f.paidCheckoutId;
  if (call.path === '/api/appointments/{id}/cancel') return f.appointments.cancel;
  if (call.path === '/api/appointments/{id}/status') return f.appointments.mark;
  if (call.path.startsWith('/api/appointments/')) return f.appointments.own;
  if (call.path.startsWith('/api/stock-places/')) {
    return call.method === 'DELETE' ? f.sparePlace : 'MAIN';
  }
  if (call.path.startsWith('/api/fitting-centres/')) {
    return call.method === 'DELETE' ? f.spareCentreId : f.centreId;
  }
  const guest = f.guests[GUEST_FIXTURE[call.op.operationId] ?? 'paid'];
  if (call.path.startsWith('/api/guest/checkout/'))
    return name === 'orderId' ? guest.orderId : guest.id;
  if (call.path.startsWith('/api/promotions/')) return f.promotionId;
  if (call.path.startsWith('/api/markets/')) return name === 'code' ? 'DE' : f.productId;
  const action = /^\/api\/order\/\{id\}\/(\w+)$/.exec(call.path)?.[1];
  if (action && action in f.lifecycle) return f.lifecycle[action as keyof Fixtures['lifecycle']];
  if (call.path.startsWith('/api/order/')) {
    return call.method === 'DELETE' ? f.cancellableOrderId : f.paidOrderId;
  }
  throw new Error(`contract.test.ts: no record for {${name}} of ${call.method} ${call.path}`);
}

/** The gallery changes, each on a model of its own (Fixtures' galleries). */
const MODEL_GALLERY_CHANGES: Record<string, keyof Fixtures['galleries']> = {
  reorderTyreModelPictures: 'reorder',
  setTyreModelPictureAlt: 'alt',
  removeTyreModelPicture: 'remove',
};

/** Three models other than the first product's, each given one picture. */
async function galleriesOf(
  api: (method: InjectOptions['method'], url: string, payload?: object) => Promise<unknown>,
  firstModelId: string,
): Promise<Fixtures['galleries']> {
  type Record = { _id: string };
  const all = (await api('GET', '/api/product')) as Record[];
  const modelIds = new Set<string>();
  for (const product of all) {
    if (modelIds.size === 3) break;
    const modelId = ((await api('GET', `/api/product/${product._id}/model`)) as Record)._id;
    if (modelId !== firstModelId) modelIds.add(modelId);
  }
  const [reorder, alt, remove] = await Promise.all(
    [...modelIds].map(async (modelId) => {
      const [picture] = (await api('POST', `/api/models/${modelId}/pictures`, {
        url: '/images/products/summer-tyre.svg',
        alt: 'Tread',
      })) as Record[];
      return { modelId, pictureId: picture!._id };
    }),
  );
  return { reorder: reorder!, alt: alt!, remove: remove! };
}

/** The documented example with the fields that must name existing records replaced. */
function bodyValue(call: Call, example: unknown, f: Fixtures): unknown {
  if (typeof example !== 'object' || example === null) return example;
  const known: Record<string, string> = {
    productId: f.productId,
    orderId: f.unpaidOrderId,
    clientSecret: f.clientSecret,
    transactionId: call.path.startsWith('/api/checkout/')
      ? f.checkoutTransactionId
      : call.path.startsWith('/api/guest/checkout/')
        ? f.guests.paid.transactionId!
        : f.transactionId,
    email: f.adminEmail,
    startsAt: f.freeSlot,
  };
  const current: Record<string, unknown> = {
    ...known,
    version: f.productVersion,
    items: [{ productId: f.productId, quantity: 1 }],
    pictures: [f.galleries.reorder.pictureId],
    productIds: [f.productId],
    // Sooner than the default: no slot offered before stops being one.
    leadTimes: [{ centreId: f.centreId, days: 1 }],
  };
  return Object.fromEntries(
    Object.entries(example).map(([key, value]) => [key, current[key] ?? value]),
  );
}

/** Operations whose valid request cannot succeed in this setup, and why. */
const NO_SUCCESS_HERE: Record<string, string> = {
  receiveStripeWebhook:
    "acts only with PAYMENT_PROVIDER=stripe and Stripe's signature (payments.test.ts sends signed events)",
};

type Who = 'admin' | 'shopper' | 'nobody';

interface Attempt {
  name: string;
  who: Who;
  request: InjectOptions;
  /** The status it must get, when one is certain; otherwise any declared one will do. */
  expect?: number | 'success';
}

function attemptsFor(call: Call, f: Fixtures): Attempt[] {
  const { op } = call;
  const secured = op.security.length > 0;
  const params = op.parameters ?? [];
  const url = (pathParams: Record<string, string>, query: Record<string, string> = {}) => {
    // A parameter with a fixed set of values (an image size) takes the first; ids name records.
    const choice = (name: string) =>
      params.find((p) => p.in === 'path' && p.name === name)?.schema.enum?.[0];
    const path = call.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      encodeURIComponent(pathParams[name] ?? choice(name) ?? pathValue(call, name, f)),
    );
    const search = new URLSearchParams(query).toString();
    return search ? `${path}?${search}` : path;
  };
  const requiredQuery = Object.fromEntries(
    params
      .filter((p) => p.in === 'query' && p.required)
      // The documented example where there is one (a year, a make the seed has), a seeded car
      // for `vehicle`, a bag line of the product for `items`, else any text.
      .map((p) => [
        p.name,
        p.name === 'email'
          ? f.adminEmail
          : p.name === 'vehicle'
            ? f.vehicleId
            : p.name === 'items'
              ? `${f.productId}:4`
              : exampleOf(p),
      ]),
  );
  const json = op.requestBody?.content['application/json'];
  const form = op.requestBody?.content['multipart/form-data'];
  const body = (value?: unknown): Partial<InjectOptions> => {
    if (json)
      return {
        payload:
          value === undefined ? (bodyValue(call, json.example, f) as object) : (value as object),
      };
    if (form) {
      const { payload, contentType } = multipartBody(form.schema);
      return { payload, headers: { 'content-type': contentType } };
    }
    return {};
  };
  const request = (extra: Partial<InjectOptions> = {}, pathParams = {}, query = requiredQuery) =>
    ({
      method: call.method,
      url: url(pathParams, query),
      headers: guestHeaders(call, f),
      ...body(),
      ...extra,
    }) as InjectOptions;

  const attempts: Attempt[] = [
    {
      name: 'a valid request',
      who: secured ? 'admin' : 'nobody',
      request: request(),
      expect: op.operationId in NO_SUCCESS_HERE ? undefined : 'success',
    },
  ];
  if (secured) {
    attempts.push({ name: 'no sign-in', who: 'nobody', request: request(), expect: 401 });
    attempts.push({ name: 'a shopper', who: 'shopper', request: request() });
  }
  const who: Who = secured ? 'admin' : 'nobody';
  for (const p of params.filter((p) => p.in === 'path' && p.schema.format)) {
    attempts.push({
      name: `a malformed {${p.name}}`,
      who,
      request: request({}, { [p.name]: 'not a valid value' }),
      expect: 400,
    });
    if (p.schema.format === 'uuid') {
      attempts.push({
        name: `an unknown {${p.name}}`,
        who,
        request: request({}, { [p.name]: randomUUID() }),
      });
    }
  }
  for (const p of params.filter(
    (p) => p.in === 'query' && (p.schema.format || p.schema.type === 'integer'),
  )) {
    attempts.push({
      name: `a malformed ?${p.name}`,
      who,
      request: request({}, {}, { ...requiredQuery, [p.name]: 'not a valid value' }),
      expect: 400,
    });
  }
  if (json && Array.isArray(json.schema.required) && json.schema.required.length > 0) {
    attempts.push({ name: 'an empty body', who, request: request(body({})), expect: 400 });
  }
  return attempts;
}

/** Answers may not be JSON (a picture): their content type must then be a declared one. */
function contentTypeMatches(declared: string, actual: string): boolean {
  const [type, subtype] = declared.split('/');
  const [actualType, actualSubtype] = actual.split(';')[0]!.trim().split('/');
  return type === actualType && (subtype === '*' || subtype === actualSubtype);
}

describe('the API answers as its OpenAPI document says', () => {
  let t: TestApp;
  let calls: Call[];
  let fixtures: Fixtures;
  const tokens: Record<Exclude<Who, 'nobody'>, { app: string; firebase: string }> = {
    admin: { app: '', firebase: '' },
    shopper: { app: '', firebase: '' },
  };
  const validators = new Map<object, ValidateFunction>();
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validatorFor = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };

  beforeAll(async () => {
    const adminEmail = uniqueEmail('contract-admin');
    const shopperEmail = uniqueEmail('contract-shopper');
    t = await startTestApp({ adminEmails: [adminEmail] });
    const published = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const doc = (await SwaggerParser.dereference(published)) as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    calls = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      )
      // Signing out revokes the tokens every other call uses: it goes last.
      .sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));

    for (const [who, email] of [
      ['admin', adminEmail],
      ['shopper', shopperEmail],
    ] as const) {
      // Admin rights need a verified email, and so does holding stock.
      tokens[who].app = await appToken(t.app, email, { verified: true });
      tokens[who].firebase = await firebaseIdToken(email);
    }
    const api = async (method: InjectOptions['method'], url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, payload, headers: bearer(tokens.admin.app) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const [product] = await api('GET', '/api/product');
    const order = () =>
      api('POST', '/api/order', {
        productId: product._id,
        name: 'Contract Test',
        address: '1 Test Street',
        number: '+1 555 010 2030',
        quantity: Math.max(1, product.orderquantity),
      });
    const paid = await order();
    const { clientSecret } = await api('POST', '/api/create-Payment-Intent', { orderId: paid._id });
    const confirmed = await api('POST', '/api/payments/local/confirm', {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    // A bag of one product, checked out and paid with one payment.
    const payCheckout = async () => {
      await api('PUT', `/api/bag/items/${product._id}`, { quantity: 1 });
      const checkout = await api('POST', '/api/checkout', {
        name: 'Contract Test',
        address: '1 Test Street',
        number: '+1 555 010 2030',
      });
      const intent = await api('POST', '/api/create-Payment-Intent', { checkoutId: checkout._id });
      const charged = await api('POST', '/api/payments/local/confirm', {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      });
      return { checkoutId: checkout._id, transactionId: charged.paymentIntent.id };
    };
    const paidCheckout = await payCheckout();
    // Fitting appointments at a seeded centre, each paid (an account holds one unpaid at most).
    const centres = (await api('GET', '/api/fitting-centres')) as Array<Record<string, unknown>>;
    const centre = centres.find((c) => c.code === 'NYC-MIDTOWN')!;
    const { _id: centreId, latitude: _lat, longitude: _lon, ...centreBody } = centre;
    const spare = await api('POST', '/api/fitting-centres', { ...centreBody, code: 'SPARE-1' });
    const slots = (
      await api(
        'GET',
        `/api/fitting-centres/${centreId}/slots?job=four&days=10&products=${product._id}`,
      )
    ).day.slots as Array<{ startsAt: string }>;
    const book = async (startsAt: string) => {
      await api('PUT', `/api/bag/items/${product._id}`, { quantity: 1 });
      const checkout = await api('POST', '/api/checkout', {
        name: 'Contract Test',
        address: '1 Test Street',
        number: '+1 555 010 2030',
        appointment: { centreId, startsAt, job: 'four' },
      });
      const intent = await api('POST', '/api/create-Payment-Intent', { checkoutId: checkout._id });
      await api('POST', '/api/payments/local/confirm', {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      });
      const mine = (await api('GET', '/api/appointments')) as Array<{
        _id: string;
        startsAt: string;
      }>;
      return mine.find((a) => a.startsAt === startsAt)!._id;
    };
    const appointments = {
      own: await book(slots[0].startsAt),
      cancel: await book(slots[1].startsAt),
      mark: await book(slots[2].startsAt),
    };
    /** An order of the admin's, paid, then moved along its life by `steps`. */
    const payOrder = async (...steps: Array<[string, object]>) => {
      const placed = await order();
      const intent = await api('POST', '/api/create-Payment-Intent', { orderId: placed._id });
      await api('POST', '/api/payments/local/confirm', {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      });
      for (const [action, body] of steps)
        await api('POST', `/api/order/${placed._id}/${action}`, body);
      return placed._id as string;
    };
    const ship: [string, object] = ['ship', { carrier: 'DHL', trackingNumber: 'JD01460000' }];
    const lifecycle = {
      ship: await payOrder(),
      deliver: await payOrder(ship),
      cancel: await payOrder(),
      return: await payOrder(ship, ['deliver', {}]),
      refund: await payOrder(),
    };
    /** A guest checkout of one unit, placed from a browser of its own; paid unless said. */
    const guestCheckout = async (paid = true, startsAt?: string): Promise<GuestFixture> => {
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/guest/checkout',
        headers: { 'guest-browser': issuedGuestBrowser() },
        payload: {
          email: uniqueEmail('contract-guest'),
          name: 'Contract Guest',
          address: '1 Test Street',
          number: '+1 555 010 2030',
          items: [{ productId: product._id, quantity: 1 }],
          ...(startsAt ? { appointment: { centreId, startsAt, job: 'four' } } : {}),
        },
      });
      if (placed.statusCode !== 201) throw new Error(`guest checkout: ${placed.body}`);
      const { checkout, key } = placed.json();
      const fixture = {
        id: checkout._id,
        key,
        orderId: checkout.orders[0]._id,
        transactionId: null,
      };
      if (!paid) return fixture;
      const intent = await t.app.inject({
        method: 'POST',
        url: `/api/guest/checkout/${checkout._id}/payment-intent`,
        headers: { 'guest-key': key },
      });
      const charged = await api('POST', '/api/payments/local/confirm', {
        clientSecret: intent.json().clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      });
      return { ...fixture, transactionId: charged.paymentIntent.id };
    };
    const delivered = await guestCheckout();
    await api('POST', `/api/order/${delivered.orderId}/ship`, ship[1]);
    await api('POST', `/api/order/${delivered.orderId}/deliver`, {});
    const guests = {
      paid: await guestCheckout(),
      unpaid: await guestCheckout(false),
      cancel: await guestCheckout(),
      delivered,
      links: await guestCheckout(),
      // Fitting appointments of guests (issue 48): one to move, one to cancel.
      fitting: await guestCheckout(true, slots[4].startsAt),
      fittingCancel: await guestCheckout(true, slots[5].startsAt),
    };
    // The test API sends no email: its outbox fills; one email is marked given up on.
    const failedEmail = async () => {
      const [row] = await t.db
        .update(emails)
        .set({ status: 'failed', lastError: '550 No such mailbox' })
        .where(eq(emails.orderId, paid._id))
        .returning({ id: emails.id });
      if (!row) throw new Error('contract.test.ts: the paid order has no email');
      return row.id;
    };
    const form = multipartBody({ properties: { image: {} } });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: form.payload,
      headers: { ...bearer(tokens.admin.app), 'content-type': form.contentType },
    });
    await api('POST', '/api/profile', {
      name: 'Contract Test',
      Department: 'Testing',
      Address: '1 Test Street',
      instituteName: 'Test Institute',
      Linkedin: 'https://www.linkedin.com/in/contract-test',
      image: '/images/products/summer-tyre.svg',
    });
    const staffEmail = uniqueEmail('contract-staff');
    await appToken(t.app, staffEmail, { verified: true });
    await api('PUT', `/api/staff/${staffEmail}`, { roles: ['support'] });
    const staffSessions = (await api('GET', '/api/staff/sessions')) as Array<{
      _id: string;
      email: string;
    }>;
    const firstModelId: string = (await api('GET', `/api/product/${product._id}/model`))._id;
    fixtures = {
      adminEmail,
      staffEmail,
      staffSessionId: staffSessions.find((row) => row.email === staffEmail)!._id,
      productId: product._id,
      modelId: firstModelId,
      galleries: await galleriesOf(api, firstModelId),
      productVersion: product.version,
      paidOrderId: paid._id,
      clientSecret,
      transactionId: confirmed.paymentIntent.id,
      unpaidOrderId: (await order())._id,
      cancellableOrderId: (await order())._id,
      paidCheckoutId: paidCheckout.checkoutId,
      checkoutTransactionId: paidCheckout.transactionId,
      imageId: upload.json().data.id,
      reviewId: (await api('GET', '/api/review?limit=1'))[0]._id,
      failedEmailId: await failedEmail(),
      vehicleId: (await api('GET', '/api/vehicles?make=VW&model=Golf&year=2016'))[0]._id,
      lifecycle,
      centreId: centreId as string,
      spareCentreId: spare._id,
      sparePlace: (
        await api('POST', '/api/stock-places', {
          code: 'SPARE-PLACE',
          name: 'Spare',
          centreId: null,
        })
      ).code,
      promotionId: (
        await api('POST', '/api/promotions', {
          name: 'Contract',
          kind: 'percentOff',
          percent: 5,
          target: 'all',
          starts: '2026-01-01T00:00',
          code: 'CONTRACT',
        })
      )._id,
      appointments,
      freeSlot: slots[3].startsAt,
      guests,
    };
  });
  afterAll(() => t.close());

  /** Every answer against the document; returns what disagrees. */
  function check(call: Call, attempt: Attempt, res: LightMyRequestResponse): string[] {
    const where = `${call.op.operationId} (${call.method} ${call.path}) with ${attempt.name}: ${res.statusCode}`;
    const declared = call.op.responses[String(res.statusCode)];
    if (!declared) {
      return [
        `${where} is not a declared answer (${Object.keys(call.op.responses).join(', ')}): ${res.body.slice(0, 200)}`,
      ];
    }
    const problems: string[] = [];
    if (attempt.expect === 'success' && (res.statusCode < 200 || res.statusCode > 299)) {
      problems.push(`${where}, expected a success: ${res.body.slice(0, 200)}`);
    } else if (typeof attempt.expect === 'number' && res.statusCode !== attempt.expect) {
      problems.push(`${where}, expected ${attempt.expect}: ${res.body.slice(0, 200)}`);
    }
    const content = declared.content ?? {};
    const actualType = String(res.headers['content-type'] ?? '');
    const [type, media] =
      Object.entries(content).find(([declaredType]) =>
        contentTypeMatches(declaredType, actualType),
      ) ?? [];
    if (Object.keys(content).length === 0) {
      if (res.body.length > 0) problems.push(`${where} has a body, but none is declared`);
    } else if (!type || !media) {
      problems.push(`${where} answered ${actualType}, declared ${Object.keys(content).join(', ')}`);
    } else if (type === 'application/json') {
      const validate = validatorFor(media.schema);
      if (!validate(res.json())) {
        problems.push(
          `${where} body does not match its schema: ${ajv.errorsText(validate.errors)}`,
        );
      }
    }
    return problems;
  }

  it('declares every answer to requests made from it, for every operation', async () => {
    expect(calls.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    let sent = 0;
    for (const call of calls) {
      const product = await t.app.inject({ url: `/api/productDetails/${fixtures.productId}` });
      fixtures.productVersion = (product.json() as { version: number }).version;
      // A checkout needs something in the bag.
      if (call.method === 'POST' && call.path === '/api/checkout') {
        await t.app.inject({
          method: 'PUT',
          url: `/api/bag/items/${fixtures.productId}`,
          payload: { quantity: 1 },
          headers: bearer(tokens.admin.app),
        });
      }
      for (const attempt of attemptsFor(call, fixtures)) {
        const auth =
          attempt.who === 'nobody'
            ? {}
            : bearer(
                call.op.security.some((s) => 'firebaseIdToken' in s)
                  ? tokens[attempt.who].firebase
                  : tokens[attempt.who].app,
              );
        const res = await t.app.inject({
          ...attempt.request,
          headers: { ...attempt.request.headers, ...auth },
        });
        sent += 1;
        problems.push(...check(call, attempt, res));
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(calls.length * 2);
  });

  it('sends valid documented examples: each one matches its own schema', () => {
    const invalid = calls.flatMap(({ op }) =>
      Object.entries(op.requestBody?.content ?? {})
        .filter(
          ([, media]) => media.example !== undefined && !validatorFor(media.schema)(media.example),
        )
        .map(
          ([type]) =>
            `${op.operationId} ${type}: ${ajv.errorsText(validatorFor(op.requestBody!.content[type]!.schema).errors)}`,
        ),
    );
    expect(invalid).toEqual([]);
  });
});
