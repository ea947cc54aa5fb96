import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify';
import { once } from 'node:events';
import { identityOf, type Guards } from '../auth/guards';
import type { CatalogCache } from '../catalog/catalogCache';
import type { MarketPriceCache } from '../markets/marketPriceCache';
import { cellsOf } from '../catalog/csvCells';
import { galleryUrlsOf, pictureCell } from '../catalog/pictureColumn';
import { FILE_TOO_LARGE, readPriceList } from '../catalog/priceListReader';
import { importRows, type ProductImportRun } from '../catalog/productImport';
import { everyProduct, toProduct } from '../catalog/productTable';
import { CSV_COLUMNS, IMPORT_LIMITS } from '../../../contract/catalogTerms';
import { ImportForm, ImportQuery, ImportReport } from '../../../contract/productChanges';
import type { Db } from '../db/client';
import { failures, signedIn } from '../docs/describe';
import { HttpError } from '../http/errors';
import { answerImport } from '../http/importAnswer';
import { ownPriceCells, ownPriceColumns } from '../markets/ownPriceCsv';

const idsOf = (rows: ReadonlyArray<{ id: string }>) => rows.map((row) => row.id);

/**
 * The catalogue as a CSV file (admins): exported whole, streamed; imported from a supplier's
 * price list, checked first (a dry run), then stored in batches, with progress as it goes.
 */
export const productCsvRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  catalog: CatalogCache;
  /** Where the `pictures` column may take pictures from, and the uploads' quota. */
  pictureSources: ProductImportRun['pictureSources'];
  /** Shelf prices per market: an import may set own prices. */
  marketPrices: MarketPriceCache;
}> = async (app, { db, guards, catalog, pictureSources, marketPrices }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/product/export.csv',
    {
      preValidation: guards.allow('catalogue.edit'),
      schema: {
        operationId: 'exportProducts',
        summary:
          'The whole catalogue as CSV (admins), retired products too, oldest first, with each market’s own prices (price_DE, …)',
        tags: ['products'],
        security: signedIn,
        response: {
          200: {
            description:
              'A header row, then a product a row; cells a spreadsheet would run as a formula ' +
              'start with an apostrophe',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...failures(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const own = await ownPriceColumns(db);
      // A byte-order mark, so spreadsheets read the file as UTF-8.
      const csv = stringify({ header: true, columns: [...CSV_COLUMNS, ...own.columns], bom: true });
      void (async () => {
        try {
          for await (const rows of everyProduct(db)) {
            const ownCells = await ownPriceCells(db, own, idsOf(rows));
            const galleries = await galleryUrlsOf(
              db,
              rows.flatMap((row) => row.modelId ?? []),
            );
            for (const row of rows) {
              const pictures = pictureCell(galleries.get(row.modelId ?? '') ?? []);
              const cells = [...cellsOf(toProduct(row), { pictures }), ...ownCells(row.id)];
              if (!csv.write(cells)) await once(csv, 'drain');
            }
          }
          csv.end();
        } catch (error) {
          csv.destroy(error as Error);
        }
      })();
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
          .header('cache-control', 'no-store')
          // A stream: the type provider knows only the documented body's type.
          .send(csv as unknown as string)
      );
    },
  );

  app.post(
    '/product/import',
    {
      preValidation: guards.allow('catalogue.edit'),
      // Progress lines must reach the browser as they are written, not when a gzip block fills.
      compress: false,
      schema: {
        operationId: 'importProducts',
        summary:
          'Add and update products from a CSV price list (admins): a known sku updates its ' +
          'product, a new one adds one; dryRun=true reports without storing',
        description:
          'Send `Accept: application/x-ndjson` to get progress lines `{"progress":{...}}` ' +
          'while the rows are checked or stored, then `{"report":{...}}`.',
        tags: ['products'],
        security: signedIn,
        querystring: ImportQuery,
        body: { content: { 'multipart/form-data': { schema: ImportForm } } },
        response: {
          200: {
            description: 'What the file did, or (dry run) would do',
            content: {
              'application/json': { schema: ImportReport },
              'application/x-ndjson': { schema: Type.String() },
            },
          },
          ...failures(400, 401, 403, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const wrongForm = 'Send the price list as multipart/form-data in the field "file".';
      if (!request.isMultipart()) throw new HttpError(400, wrongForm, 'file');
      const ownColumns = await ownPriceColumns(db);
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new HttpError(400, wrongForm, 'file');
      const rows = await readPriceList(file.file, ownColumns);
      if (file.file.truncated) throw new HttpError(413, FILE_TOO_LARGE, 'file');

      const run: ProductImportRun = {
        db,
        actor: identityOf(request),
        fileName: file.filename,
        pictureSources,
        dryRun: request.query.dryRun === true,
        ownColumns,
        onFailure: (error) => request.log.error({ err: error }, 'import batch failed'),
      };
      const finish = (report: ImportReport) => {
        // This process shows the new catalogue at once; the others hear the NOTIFY.
        if (!report.dryRun) {
          catalog.invalidate();
          marketPrices.notified({ what: 'catalogue' });
        }
        return report;
      };
      return answerImport(request, reply, {
        total: rows.length,
        dryRun: run.dryRun,
        run: (onProgress) => importRows(rows, { ...run, onProgress }),
        finish,
        what: 'import',
      });
    },
  );
};
