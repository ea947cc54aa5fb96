import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards } from '../auth/guards';
import { mergeBag, readBag, removeBagLine, setBagLine } from '../bag/bagTable';
import { Bag, BagItemParams, MergeBagBody, SetBagItemBody } from '../../../contract/bag';
import { IdempotencyHeaders } from '../../../contract/common';
import type { Db } from '../db/client';
import { failures, signedIn, withExample } from '../docs/describe';
import type { Idempotency } from '../http/idempotency';

/** The signed-in shopper's bag; every call answers the whole bag as it is now. */
export const bagRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  idempotency: Idempotency;
}> = async (app, { db, guards, idempotency }) => {
  app.get(
    '/bag',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'getBag',
        summary: 'Your bag, each line checked against the catalogue now',
        tags: ['bag'],
        security: signedIn,
        response: { 200: Bag, ...failures(401) },
      },
    },
    async (request) => readBag(db, identityOf(request).userId),
  );

  app.put(
    '/bag/items/:productId',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'setBagItem',
        summary: 'Set how many of a product your bag holds (0 removes it)',
        tags: ['bag'],
        security: signedIn,
        params: BagItemParams,
        body: withExample(SetBagItemBody, { quantity: 4 }),
        response: { 200: Bag, ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      setBagLine(db, identityOf(request).userId, request.params.productId, request.body.quantity),
  );

  app.delete(
    '/bag/items/:productId',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'removeBagItem',
        summary: 'Take a product out of your bag',
        tags: ['bag'],
        security: signedIn,
        params: BagItemParams,
        response: { 200: Bag, ...failures(400, 401, 429) },
      },
    },
    async (request) => removeBagLine(db, identityOf(request).userId, request.params.productId),
  );

  app.post(
    '/bag/merge',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'mergeBag',
        summary: "Add the bag you filled as a guest to your account's bag (at sign-in)",
        description:
          'Quantities are added, so a merge sent twice would add twice: the SPA sends an ' +
          'Idempotency-Key naming the guest bag and its content, and every tab that notices ' +
          'the sign-in gets the one merge’s answer.',
        tags: ['bag'],
        security: signedIn,
        headers: IdempotencyHeaders,
        body: withExample(MergeBagBody, {
          items: [{ productId: '0b6f5c1e-8a9d-4f7e-9a51-3c2d1e0f4a5b', quantity: 4 }],
        }),
        response: { 200: Bag, ...failures(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await idempotency.once(request, reply, 'POST /bag/merge', async () => ({
        status: 200 as const,
        body: await mergeBag(db, identityOf(request).userId, request.body),
      }));
      return reply.status(answer.status).send(answer.body);
    },
  );
};
