import { once } from 'node:events';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify';
import { recordAudit } from '../audit/auditTrail';
import { identityOf, type Guards } from '../auth/guards';
import { IdParams } from '../../../contract/common';
import {
  Badges,
  BadgesQuery,
  CodeCheck,
  CodeCheckBody,
  GuestCodeCheckBody,
  Promotion,
  PromotionBody,
  PromotionList,
} from '../../../contract/promotions';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { draftCheckout, draftGuestBag } from '../markets/checkoutPricing';
import {
  badgesOf,
  createPromotion,
  endPromotion,
  findPromotion,
  listPromotions,
  usesOf,
  viewsOf,
} from '../promotions/promotionTable';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 200;
/** Code checks of guests per client address a minute: a bag and its codes, not a code list. */
const GUEST_CHECKS_PER_MINUTE = 30;
const CSV_COLUMNS = [
  'checkoutId',
  'userId',
  'code',
  'currency',
  'discountMinor',
  'revenueMinor',
  'status',
  'createdAt',
  'usedAt',
] as const;

/** What a code check answers: the promotions given and the codes refused, in the market. */
function codeCheckOf({ market, discounted }: Awaited<ReturnType<typeof draftCheckout>>): CodeCheck {
  const applied = discounted.applied.map((each) => ({
    promotionId: each.promotion.id,
    name: each.promotion.name,
    code: each.code,
    discountMinor: each.discountMinor,
  }));
  return {
    currency: market.currency,
    locale: market.locale,
    applied,
    refused: discounted.refused,
    savingMinor: applied.reduce((sum, each) => sum + each.discountMinor, 0),
  };
}

/** Promotions (issue 49): badges and code checks for shoppers; the list and changes for admins. */
export const promotionRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  timeZone: string;
}> = async (app, { db, guards, timeZone }) => {
  app.get(
    '/promotions/badges',
    {
      schema: {
        operationId: 'getPromotionBadges',
        summary: 'The badges ("4 for 3") of the running automatic promotions, per product',
        tags: ['promotions'],
        security: publicCall,
        querystring: BadgesQuery,
        response: { 200: Badges, ...failures(400) },
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.query.ids.split(','))]
        .filter((id) => UUID.test(id))
        .slice(0, MAX_IDS);
      reply.header('cache-control', 'public, max-age=60');
      return badgesOf(db, ids, request.query.market ?? null);
    },
  );

  app.post(
    '/promotions/check',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'checkPromotionCodes',
        summary: 'Your bag in a market with these codes: what each takes off, or why it does not',
        description:
          'Nothing is held: a code is held by the checkout that uses it, and counted once it is paid.',
        tags: ['promotions'],
        security: signedIn,
        body: withExample(CodeCheckBody, { country: 'DE', codes: ['WINTER10'] }),
        response: { 200: CodeCheck, ...failures(400, 401, 404, 429) },
      },
    },
    async (request) =>
      codeCheckOf(
        await draftCheckout(db, identityOf(request).userId, {
          ...request.body,
          fitted: request.body.fitted ?? false,
          // The saving does not depend on the state (taxes and fees are not discounted).
          regionLater: true,
        }),
      ),
  );

  app.post(
    '/promotions/guest-check',
    {
      // Public: a guess at codes is slowed per client address.
      config: { rateLimit: { max: GUEST_CHECKS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        operationId: 'checkPromotionCodesAsGuest',
        summary: "A guest's bag in a market with these codes: what each takes off, or why not",
        description:
          'The bag is the lines the browser keeps. Nothing is held or written. A code for ' +
          'signed-in shoppers or a first order is refused in words; uses per customer are ' +
          'counted by the email typed at checkout, which checks every code again.',
        tags: ['promotions'],
        security: publicCall,
        body: withExample(GuestCodeCheckBody, {
          country: 'DE',
          codes: ['WINTER10'],
          items: [{ productId: '6d1c2b3a-4e5f-4a7b-8c9d-0e1f2a3b4c5d', quantity: 4 }],
        }),
        response: { 200: CodeCheck, ...failures(400, 404, 429) },
      },
    },
    async (request) => {
      const { items, ...where } = request.body;
      return codeCheckOf(
        await draftGuestBag(db, items, { ...where, fitted: where.fitted ?? false }),
      );
    },
  );

  app.get(
    '/promotions',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'listPromotions',
        summary:
          'Every promotion, newest first, with its uses, revenue and discount given (admins)',
        tags: ['promotions'],
        security: signedIn,
        response: { 200: PromotionList, ...failures(401, 403) },
      },
    },
    async () => listPromotions(db),
  );

  app.post(
    '/promotions',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'createPromotion',
        summary: 'Create a promotion: automatic, or given by its code (admins)',
        tags: ['promotions'],
        security: signedIn,
        body: withExample(PromotionBody, {
          name: '4 for 3 on winter tyres',
          kind: 'buyNPayM',
          buy: 4,
          pay: 3,
          target: 'season',
          targetValues: ['winter'],
          starts: '2026-11-01T00:00',
          ends: '2027-01-01T00:00',
        }),
        response: { 201: Promotion, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = identityOf(request);
      const row = await db.transaction(async (tx) => {
        const created = await createPromotion(tx, request.body, caller.userId, timeZone);
        await recordAudit(tx, caller, [
          {
            kind: 'promotion',
            action: 'create',
            objectType: 'promotion',
            objectId: created.id,
            after: request.body,
          },
        ]);
        return created;
      });
      const [view] = await viewsOf(db, [row]);
      return reply.status(201).send(view!);
    },
  );

  app.post(
    '/promotions/:id/end',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'endPromotion',
        summary: 'End a promotion at once: no checkout gives it from now (admins)',
        tags: ['promotions'],
        security: signedIn,
        params: IdParams,
        response: { 200: Promotion, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = identityOf(request);
      const row = await db.transaction(async (tx) => {
        const before = await findPromotion(tx, request.params.id);
        const ended = await endPromotion(tx, request.params.id);
        await recordAudit(tx, caller, [
          {
            kind: 'promotion',
            action: 'end',
            objectType: 'promotion',
            objectId: ended.id,
            before: { endedAt: before.endedAt },
            after: { endedAt: ended.endedAt },
          },
        ]);
        return ended;
      });
      const [view] = await viewsOf(db, [row]);
      return view!;
    },
  );

  app.get(
    '/promotions/:id/uses.csv',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'exportPromotionUses',
        summary: "A promotion's uses as CSV, oldest first (admins)",
        description:
          '`status` is `used` (paid), `held` (an unpaid checkout holds it) or `given back` ' +
          '(its checkout ended unpaid).',
        tags: ['promotions'],
        security: signedIn,
        params: IdParams,
        response: {
          200: {
            description: 'A header row, then a use a row',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...failures(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const promotion = await findPromotion(db, request.params.id);
      const rows = await usesOf(db, promotion.id);
      const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true });
      void (async () => {
        try {
          for (const row of rows) {
            const status = row.status === 'used' ? 'used' : row.counting ? 'held' : 'given back';
            const cells = {
              ...row,
              status,
              createdAt: row.createdAt.toISOString(),
              usedAt: row.usedAt?.toISOString() ?? '',
            };
            if (!csv.write(cells)) await once(csv, 'drain');
          }
          csv.end();
        } catch (error) {
          csv.destroy(error as Error);
        }
      })();
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="promotion-${promotion.id.slice(0, 8)}-uses.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv as unknown as string);
    },
  );
};
