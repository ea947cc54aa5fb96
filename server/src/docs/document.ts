import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { toOpenApi30 } from './publish';

/** The tags every operation is filed under, in the order the docs page shows them. */
export const TAGS = [
  { name: 'products', description: 'The catalogue: browse it, read one product, add products' },
  {
    name: 'models',
    description: 'Tyre models (brand and pattern) with their sizes, and grouping the catalogue',
  },
  { name: 'orders', description: "Place, list, cancel and pay for a shopper's orders" },
  {
    name: 'lifecycle',
    description: 'After the payment: ship, deliver, cancel, return and refund; history; overview',
  },
  { name: 'vehicles', description: 'Cars and their original tyre sizes: the "My car" picker' },
  { name: 'bag', description: "A shopper's bag: the products they mean to buy together" },
  { name: 'guests', description: 'Buying without an account, and the order links it emails' },
  {
    name: 'markets',
    description: 'Where the store sells: currencies, tax rates, fees, and prices per market',
  },
  {
    name: 'promotions',
    description: 'Promotions and discount codes: badges, checking a code, and the admins’ list',
  },
  { name: 'payments', description: 'Card payments for an order (Stripe, or the local provider)' },
  { name: 'reviews', description: 'Customer reviews shown on the landing page' },
  { name: 'profiles', description: "A signed-in user's profile" },
  { name: 'users', description: 'Sign-in token exchange, admin checks and promotion' },
  {
    name: 'staff',
    description: "Staff roles and what they may do, the staff's sessions, the audit trail",
  },
  { name: 'images', description: 'Picture uploads for products, reviews and profiles' },
  { name: 'store', description: 'The service itself: health and the settings the SPA starts with' },
];

/**
 * @fastify/swagger's options: the document is generated from the routes' TypeBox schemas and
 * published as OpenAPI 3.0 (see publish.ts).
 */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Tyre & Auto Parts Store API',
      version: '1.0.0',
      description: [
        'Every call of the store. Errors answer `{ error, message }`, where `message` is meant',
        'for people. Signed-in calls take the app access token from `PUT /api/users/{email}`',
        '(which itself takes a Firebase ID token) as `Authorization: Bearer <token>`.',
      ].join(' '),
    },
    // Relative: the document describes whichever host serves it.
    servers: [{ url: '/', description: 'This store' }],
    tags: TAGS,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The app access token that PUT /api/users/{email} answers',
        },
        firebaseIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Firebase ID token: only for PUT /api/users/{email}',
        },
      },
    },
  },
  transformObject: (documentObject) => {
    if (!('openapiObject' in documentObject)) throw new Error('only OpenAPI 3 is published');
    const { openapiObject } = documentObject;
    return toOpenApi30(openapiObject as Record<string, unknown>) as typeof openapiObject;
  },
};
