import { once } from 'node:events';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify';
import type { Guards } from '../auth/guards';
import { everyAuditEntry, readAudit } from '../audit/auditTrail';
import { escapeCell } from '../catalog/csvCells';
import { AuditPage, AuditQuery, type AuditEntry } from '../../../contract/staff';
import type { Db } from '../db/client';
import { failures, signedIn } from '../docs/describe';

const CSV_COLUMNS = [
  'at',
  'by',
  'address',
  'call',
  'kind',
  'action',
  'object type',
  'object',
  'before',
  'after',
  'details',
] as const;

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/** A row of the CSV: every cell text, none a spreadsheet would run as a formula. */
const cellsOf = (entry: AuditEntry) =>
  [
    entry.at,
    entry.by ?? '',
    entry.address ?? '',
    entry.call,
    entry.kind,
    entry.action,
    entry.objectType,
    entry.objectId ?? '',
    json(entry.before),
    json(entry.after),
    json(entry.details),
  ].map(escapeCell);

/** The audit trail (issue 52): browsed a page at a time with filters, or exported as CSV. */
export const auditRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/audit',
    {
      preValidation: guards.allow('audit.read'),
      schema: {
        operationId: 'listAudit',
        summary:
          'Staff actions, newest first, filtered by person, object, kind and time; the count in X-Total-Count',
        tags: ['staff'],
        security: signedIn,
        querystring: AuditQuery,
        response: { 200: AuditPage, ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { entries, total } = await readAudit(db, request.query);
      reply.header('x-total-count', String(total));
      return entries;
    },
  );

  app.get(
    '/audit.csv',
    {
      preValidation: guards.allow('audit.read'),
      schema: {
        operationId: 'exportAudit',
        summary: 'The staff actions the filters match, as CSV, newest first',
        tags: ['staff'],
        security: signedIn,
        querystring: AuditQuery,
        response: {
          200: {
            description: 'A header row, then an action a row',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...failures(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true });
      const { page: _page, perPage: _perPage, ...filters } = request.query;
      void (async () => {
        try {
          for await (const entry of everyAuditEntry(db, filters)) {
            if (!csv.write(cellsOf(entry))) await once(csv, 'drain');
          }
          csv.end();
        } catch (error) {
          csv.destroy(error as Error);
        }
      })();
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv as unknown as string);
    },
  );
};
