import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify';
import { recordAudit } from '../audit/auditTrail';
import { identityOf, type Guards } from '../auth/guards';
import { escapeCell } from '../catalog/csvCells';
import { FILE_TOO_LARGE, readCsvRows } from '../catalog/priceListReader';
import { IMPORT_LIMITS } from '../../../contract/catalogTerms';
import { IdParams } from '../../../contract/common';
import {
  CENTRE_COLUMNS,
  CentreImportReport,
  FittingCentre,
  FittingCentreBody,
  FittingCentres,
  NearCentres,
  NearQuery,
} from '../../../contract/fittingCentres';
import { ImportQuery } from '../../../contract/productChanges';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import { hasAppointments } from '../appointments/appointmentTable';
import { Conflict, Invalid, NotFound } from '../domainErrors';
import { centreCells, checkCentreHeader, checkCentreRow } from '../fittingCentres/centreCsv';
import { nearCentres } from '../fittingCentres/centreFinder';
import { importCentres } from '../fittingCentres/centreImport';
import { centreProblem } from '../fittingCentres/centreRules';
import { seedCentres } from '../fittingCentres/centreSeed';
import {
  deleteCentre,
  findCentre,
  insertCentre,
  listCentres,
  requireCentre,
  updateCentre,
} from '../fittingCentres/centreTable';
import { centreWords } from '../fittingCentres/centreWords';
import { HttpError } from '../http/errors';
import { answerImport } from '../http/importAnswer';
import type { VehicleCache } from '../vehicles/vehicleDirectory';

const CentreForm = Type.Object({
  file: Type.String({
    format: 'binary',
    contentMediaType: 'text/csv',
    description: `A CSV file whose first line names its columns, from: ${CENTRE_COLUMNS.join(', ')}`,
    examples: [
      'code,name,street,city,postcode,country,timeZone,monday,bays,maxRim\n' +
        'CSV-EXAMPLE,Example Garage,1 Main St,New York,10002,US,America/New_York,08:00-17:00,2,19\n',
    ],
  }),
});

/** A centre as an admin sent it, checked beyond its schema (hours, time zone, postcodes). */
function checked(body: FittingCentreBody): FittingCentreBody {
  const problem = centreProblem(body);
  if (problem) throw new Invalid(problem.message, problem.field);
  return body;
}

/**
 * Fitting centres: shoppers list them and find the nearest that can fit their tyres; admins
 * write them one by one or by CSV (dry run first, rejected rows by line).
 */
/** A centre's row in the audit trail (issue 52): what an admin did to which centre. */
const centreAudit = (action: string, id: string) =>
  ({ kind: 'fitting', action, objectType: 'fitting centre', objectId: id }) as const;

export const fittingCentreRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  vehicles: VehicleCache;
}> = async (app, { db, guards, vehicles }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/fitting-centres',
    {
      schema: {
        operationId: 'listFittingCentres',
        summary: 'The fitting centres shoppers can choose, by name',
        tags: ['bag'],
        security: publicCall,
        response: { 200: FittingCentres },
      },
    },
    () => listCentres(db, { activeOnly: true }),
  );

  app.get(
    '/fitting-centres/near',
    {
      schema: {
        operationId: 'findFittingCentres',
        summary:
          'Centres nearest a postcode or ZIP that can fit the chosen tyres; those that cannot, apart with why',
        tags: ['bag'],
        security: publicCall,
        querystring: NearQuery,
        response: { 200: NearCentres, ...failures(400) },
      },
    },
    (request) => nearCentres(db, vehicles, request.query),
  );

  app.get(
    '/fitting-centres/all',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'listAllFittingCentres',
        summary: 'Every fitting centre, inactive ones too (admins)',
        tags: ['bag'],
        security: signedIn,
        response: { 200: FittingCentres, ...failures(401, 403) },
      },
    },
    () => listCentres(db),
  );

  app.get(
    '/fitting-centres/:id',
    {
      schema: {
        operationId: 'getFittingCentre',
        summary: 'One fitting centre shoppers can choose',
        tags: ['bag'],
        security: publicCall,
        params: IdParams,
        response: { 200: FittingCentre, ...failures(400, 404) },
      },
    },
    async (request) => {
      const centre = await findCentre(db, request.params.id);
      if (!centre?.active) throw new NotFound(centreWords.notFound);
      return centre;
    },
  );

  app.post(
    '/fitting-centres',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'addFittingCentre',
        summary: 'Add a fitting centre (admins)',
        tags: ['bag'],
        security: signedIn,
        body: withExample(FittingCentreBody, {
          ...seedCentres[0]!,
          code: 'NYC-HARLEM',
          name: 'Harlem Tyre Partner',
          kind: 'partner',
          street: '2300 Frederick Douglass Blvd',
          postcode: '10027',
        }),
        response: { 201: FittingCentre, ...failures(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const centre = await db.transaction(async (tx) => {
        const added = await insertCentre(tx, checked(request.body));
        await recordAudit(tx, identityOf(request), [
          { ...centreAudit('add', added._id), after: added },
        ]);
        return added;
      });
      return reply.status(201).send(centre);
    },
  );

  app.put(
    '/fitting-centres/:id',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'setFittingCentre',
        summary: 'Change a fitting centre (admins)',
        tags: ['bag'],
        security: signedIn,
        params: IdParams,
        body: withExample(FittingCentreBody, seedCentres[0]!),
        response: { 200: FittingCentre, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await requireCentre(tx, request.params.id);
        const after = await updateCentre(tx, request.params.id, checked(request.body));
        await recordAudit(tx, identityOf(request), [
          { ...centreAudit('edit', after._id), before, after },
        ]);
        return after;
      }),
  );

  app.delete(
    '/fitting-centres/:id',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'deleteFittingCentre',
        summary: 'Delete a fitting centre that has no appointments (admins)',
        tags: ['bag'],
        security: signedIn,
        params: IdParams,
        response: { 204: Type.Null(), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      if (await hasAppointments(db, request.params.id)) {
        throw new Conflict(centreWords.hasAppointments);
      }
      await db.transaction(async (tx) => {
        const before = await requireCentre(tx, request.params.id);
        await deleteCentre(tx, request.params.id);
        await recordAudit(tx, identityOf(request), [
          { ...centreAudit('delete', before._id), before },
        ]);
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/fitting-centres/export.csv',
    {
      preValidation: guards.allow('store.admin'),
      schema: {
        operationId: 'exportFittingCentres',
        summary: 'Every fitting centre as CSV (admins)',
        tags: ['bag'],
        security: signedIn,
        response: {
          200: {
            description: 'A header row, then a centre a row',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...failures(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const csv = stringify({ header: true, columns: [...CENTRE_COLUMNS], bom: true });
      for (const centre of await listCentres(db)) {
        const cells = centreCells(centre);
        csv.write(Object.fromEntries(CENTRE_COLUMNS.map((c) => [c, escapeCell(cells[c])])));
      }
      csv.end();
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fitting-centres-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv as unknown as string);
    },
  );

  app.post(
    '/fitting-centres/import',
    {
      preValidation: guards.allow('store.admin'),
      compress: false,
      schema: {
        operationId: 'importFittingCentres',
        summary:
          'Add and update fitting centres from CSV, matched by code (admins); dryRun=true ' +
          'reports without storing',
        description:
          'Send `Accept: application/x-ndjson` to get progress lines `{"progress":{...}}` ' +
          'while the rows are checked or stored, then `{"report":{...}}`.',
        tags: ['bag'],
        security: signedIn,
        querystring: ImportQuery,
        body: { content: { 'multipart/form-data': { schema: CentreForm } } },
        response: {
          200: {
            description: 'What the file did, or (dry run) would do',
            content: {
              'application/json': { schema: CentreImportReport },
              'application/x-ndjson': { schema: Type.String() },
            },
          },
          ...failures(400, 401, 403, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const wrongForm = 'Send the centres as multipart/form-data in the field "file".';
      if (!request.isMultipart()) throw new HttpError(400, wrongForm, 'file');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new HttpError(400, wrongForm, 'file');
      const rows = await readCsvRows(file.file, {
        header: checkCentreHeader,
        row: checkCentreRow,
        miscounted: (line, problem) => ({ line, code: null, problem }),
      });
      if (file.file.truncated) throw new HttpError(413, FILE_TOO_LARGE, 'file');
      const dryRun = request.query.dryRun === true;
      return answerImport(request, reply, {
        total: rows.length,
        dryRun,
        run: (onProgress) =>
          importCentres(rows, {
            db,
            dryRun,
            by: { actor: identityOf(request), fileName: file.filename },
            onProgress,
            onFailure: (error) => request.log.error({ err: error }, 'centre batch failed'),
          }),
        finish: (report) => report,
        what: 'centre import',
      });
    },
  );
};
