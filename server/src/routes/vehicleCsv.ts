import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify';
import { identityOf, type Guards } from '../auth/guards';
import { escapeCell } from '../catalog/csvCells';
import { FILE_TOO_LARGE, readCsvRows } from '../catalog/priceListReader';
import { IMPORT_LIMITS } from '../../../contract/catalogTerms';
import { ImportQuery } from '../../../contract/productChanges';
import { FITMENT_COLUMNS } from '../../../contract/fitmentColumns';
import { FitmentImportReport } from '../../../contract/vehicles';
import type { Db } from '../db/client';
import { failures, signedIn } from '../docs/describe';
import { HttpError } from '../http/errors';
import { answerImport } from '../http/importAnswer';
import {
  checkFitmentHeader,
  checkFitmentRow,
  fitmentCells,
  importFitments,
  type FitmentRun,
} from '../vehicles/fitmentImport';
import type { VehicleCache } from '../vehicles/vehicleDirectory';
import { readVehicles } from '../vehicles/vehicleTable';

const FitmentForm = Type.Object({
  file: Type.String({
    format: 'binary',
    contentMediaType: 'text/csv',
    description: `A CSV file whose first line names its columns: ${FITMENT_COLUMNS.join(', ')}`,
    examples: [
      'make,model,generation,engine,yearFrom,yearTo,front,rear\nVW,Golf,VII,1.4 TSI,2012,2020,205/55 R16,\n',
    ],
  }),
});

/**
 * The car fitments as CSV (admins): exported whole; imported with the price list's machinery
 * (checked first with a dry run, stored in batches, progress as it goes, rejected rows by line).
 */
export const vehicleCsvRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  vehicles: VehicleCache;
}> = async (app, { db, guards, vehicles }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/vehicles/export.csv',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'exportFitments',
        summary: 'Every car version and its original tyre sizes as CSV (admins)',
        tags: ['vehicles'],
        security: signedIn,
        response: {
          200: {
            description: 'A header row, then a car version a row',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...failures(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const csv = stringify({ header: true, columns: [...FITMENT_COLUMNS], bom: true });
      const list = await readVehicles(db);
      for (const vehicle of list) {
        const cells = fitmentCells(vehicle);
        csv.write(Object.fromEntries(FITMENT_COLUMNS.map((c) => [c, escapeCell(cells[c])])));
      }
      csv.end();
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="car-fitments-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv as unknown as string);
    },
  );

  app.post(
    '/vehicles/import',
    {
      preValidation: guards.allow('catalogue.edit'),
      compress: false,
      schema: {
        operationId: 'importFitments',
        summary:
          'Add and update car versions and their tyre sizes from CSV (admins); dryRun=true ' +
          'reports without storing',
        description:
          'Send `Accept: application/x-ndjson` to get progress lines `{"progress":{...}}` ' +
          'while the rows are checked or stored, then `{"report":{...}}`.',
        tags: ['vehicles'],
        security: signedIn,
        querystring: ImportQuery,
        body: { content: { 'multipart/form-data': { schema: FitmentForm } } },
        response: {
          200: {
            description: 'What the file did, or (dry run) would do',
            content: {
              'application/json': { schema: FitmentImportReport },
              'application/x-ndjson': { schema: Type.String() },
            },
          },
          ...failures(400, 401, 403, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const wrongForm = 'Send the fitments as multipart/form-data in the field "file".';
      if (!request.isMultipart()) throw new HttpError(400, wrongForm, 'file');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new HttpError(400, wrongForm, 'file');
      const rows = await readCsvRows(file.file, {
        header: checkFitmentHeader,
        row: checkFitmentRow,
        miscounted: (line, problem) => ({ line, car: null, problem }),
      });
      if (file.file.truncated) throw new HttpError(413, FILE_TOO_LARGE, 'file');
      const run: FitmentRun = {
        db,
        by: { actor: identityOf(request), fileName: file.filename },
        dryRun: request.query.dryRun === true,
        onFailure: (error) => request.log.error({ err: error }, 'fitment batch failed'),
      };
      const finish = (report: FitmentImportReport) => {
        // This process lists the new cars at once; the others hear the NOTIFY.
        if (!report.dryRun) vehicles.invalidate();
        return report;
      };
      return answerImport(request, reply, {
        total: rows.length,
        dryRun: run.dryRun,
        run: (onProgress) => importFitments(rows, { ...run, onProgress }),
        finish,
        what: 'fitment import',
      });
    },
  );
};
