import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards } from '../auth/guards';
import { IdParams } from '../../../contract/common';
import {
  EMAIL_PAGE,
  EmailList,
  EmailListQuery,
  EmailSummary,
  type EmailSummary as EmailSummaryType,
} from '../../../contract/emails';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { failures, signedIn } from '../docs/describe';
import { listEmails, retryEmail, type EmailSummaryRow } from '../emails/emailTable';
import { errorBody } from '../http/errors';

const toSummary = (row: EmailSummaryRow): EmailSummaryType => ({
  ...row,
  kind: row.kind as EmailSummaryType['kind'],
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt ? row.sentAt.toISOString() : null,
});

/**
 * The store's emails for admins (issue 31): the failed ones (and the queued or sent), and
 * "send it again" for a failed one. Never an email's body.
 */
export const emailRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/admin/emails',
    {
      preValidation: guards.allow('emails.resend'),
      schema: {
        operationId: 'listEmails',
        summary: `The store’s emails of a status (failed unless asked), newest first, a page at a time (admins)`,
        tags: ['lifecycle'],
        security: signedIn,
        querystring: EmailListQuery,
        response: { 200: EmailList, ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { status = 'failed', page = 1, perPage = EMAIL_PAGE.size } = request.query;
      const found = await listEmails(db, status, {
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      reply.header('x-total-count', String(found.total));
      return found.items.map(toSummary);
    },
  );

  app.post(
    '/admin/emails/:id/retry',
    {
      preValidation: guards.allow('emails.resend'),
      schema: {
        operationId: 'retryEmail',
        summary:
          'Send a failed email again: queued with one job, attempts counted afresh; a queued one is left as it is (admins)',
        tags: ['lifecycle'],
        security: signedIn,
        params: IdParams,
        response: { 200: EmailSummary, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email } = await retryEmail(db, request.params.id, identityOf(request));
      if (!email) return reply.status(404).send(errorBody(404, refusals.emails.none));
      if (email.status === 'sent') {
        return reply.status(409).send(errorBody(409, refusals.emails.alreadySent));
      }
      return toSummary(email);
    },
  );
};
