/**
 * A supplier's price list of 100,000 rows through the API, as the back office sends it: the
 * dry run, the import itself (every row a new product), the same list imported again (every row
 * unchanged, its attributes kept), the export of the whole catalogue, and the export imported
 * again (every row unchanged, the export after byte-identical). On the embedded server, in a store
 * of its own.
 * Run alone: `npx tsx bench/catalogueImport.ts`.
 */
import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS } from '../contract/catalogTerms';
import { attributeCells, priceList, supplierSku } from './priceList';
import { ADMIN, appToken } from './shoppers';
import { processMemoryMb, startStack, type Stack } from './stack';

export const IMPORT_ROWS = 100_000;

export interface ImportFigures {
  rows: number;
  fileMb: number;
  dryRunSeconds: number;
  /** Every row a new product: the target, at most 60 s. */
  importSeconds: number;
  /** The same price list sent again: every row unchanged, nothing written. */
  againSeconds: number;
  exportSeconds: number;
  exportMb: number;
  /** The export sent back: every row checked against its product, nothing written. */
  reimportSeconds: number;
  apiPeakRssMb: number;
}

/**
 * Sends a file as the import page does: asking for progress lines (NDJSON), which also keep the
 * connection busy (a plain JSON answer waits in silence, and the API drops a connection silent
 * for 30 s: a busy machine takes longer than that to store 100,000 rows).
 */
async function upload(stack: Stack, token: string, csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'price-list.csv');
  const started = performance.now();
  const response = await fetch(`${stack.baseUrl}/api/product/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/x-ndjson' },
    body: form,
  });
  const text = await response.text();
  const last = JSON.parse(text.trim().split('\n').at(-1)!) as Record<string, unknown>;
  const report = (last.report ?? last) as Record<string, unknown>;
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok || report.failure || report.rejectedCount !== 0) {
    throw new Error(`import answered ${response.status}: ${JSON.stringify(report).slice(0, 500)}`);
  }
  return { seconds, report };
}

/**
 * Nothing of the price list lost: each of its products at version 1 (never updated) with the
 * attributes the bench gave it, whether its row gave them or its name told them.
 */
function assertAttributesKept(exported: string, rows: number) {
  const columns: readonly string[] = CSV_COLUMNS;
  const first = columns.indexOf('category');
  const version = columns.indexOf('version');
  const found = parse(exported, { bom: true, from_line: 2 }) as string[][];
  const bySku = new Map(found.map((cells) => [cells[0], cells]));
  for (let n = 0; n < rows; n += 1) {
    const cells = bySku.get(supplierSku(n));
    const expected = attributeCells(n);
    const kept = cells?.slice(first, first + expected.length);
    if (cells?.[version] !== '1' || kept?.join(',') !== expected.join(',')) {
      throw new Error(
        `${supplierSku(n)} changed: ${JSON.stringify(cells)} (attributes ${expected.join(',')}, version 1)`,
      );
    }
  }
}

/** The report without its dry-run flag: a dry run must count what the import does. */
const counts = (report: Record<string, unknown>) => JSON.stringify({ ...report, dryRun: null });

export async function measureImport(log: (message: string) => void): Promise<ImportFigures> {
  const csv = priceList(IMPORT_ROWS);
  const stack = await startStack();
  try {
    const token = await appToken(stack, ADMIN.email, ADMIN.password);
    log(`import: dry run of ${IMPORT_ROWS} rows (${(csv.length / 1e6).toFixed(1)} MB)`);
    const dry = await upload(stack, token, csv, true);
    log(`import: dry run ${dry.seconds.toFixed(1)} s`);
    log('import: storing them');
    const stored = await upload(stack, token, csv, false);
    if (stored.report.added !== IMPORT_ROWS) throw new Error('not every row was added');
    if (counts(dry.report) !== counts(stored.report)) {
      throw new Error(`the dry run counted otherwise: ${counts(dry.report)}`);
    }
    log(`import: stored in ${stored.seconds.toFixed(1)} s`);
    log('import: the same price list again');
    const twice = await upload(stack, token, csv, false);
    if (twice.report.unchanged !== IMPORT_ROWS || twice.report.updated !== 0) {
      throw new Error(`the price list sent again changed products: ${counts(twice.report)}`);
    }
    log(`import: the same list again, every row unchanged, in ${twice.seconds.toFixed(1)} s`);
    log('import: export and import again');
    const exportCatalogue = async () =>
      (
        await fetch(`${stack.baseUrl}/api/product/export.csv`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).text();
    const exportStarted = performance.now();
    const exported = await exportCatalogue();
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    // The price list's own rows (the seeded products aside, which would pass the row limit);
    // the bench's cells hold no line breaks.
    const [header, ...lines] = exported.replace(/^\uFEFF/, '').split('\n');
    const ownRows = [header, ...lines.filter((line) => line.startsWith('SUP-'))].join('\n');
    const again = await upload(stack, token, ownRows, false);
    if (again.report.unchanged !== IMPORT_ROWS) throw new Error('the round trip changed products');
    if ((await exportCatalogue()) !== exported) {
      throw new Error('the round trip changed the export');
    }
    log(`import: the export imported again, every row unchanged, in ${again.seconds.toFixed(1)} s`);
    // Checked once the requests are done: the API closes a connection idle for 5 s, and fetch
    // may send the next request on one it is closing.
    assertAttributesKept(exported, IMPORT_ROWS);
    log('import: every product of the price list as it was added, at version 1');
    return {
      rows: IMPORT_ROWS,
      fileMb: csv.length / 1e6,
      dryRunSeconds: dry.seconds,
      importSeconds: stored.seconds,
      againSeconds: twice.seconds,
      exportSeconds,
      exportMb: exported.length / 1e6,
      reimportSeconds: again.seconds,
      apiPeakRssMb: processMemoryMb(stack.apiPid).peakRss,
    };
  } finally {
    await stack.stop();
  }
}

if (require.main === module) {
  measureImport((message) => console.log(`[import] ${message}`)).then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
