/**
 * A supplier's price list of 100,000 rows through the API, as the back office sends it: the
 * dry run, the import itself (every row a new product), the export of the whole catalogue, and
 * the export imported again (every row unchanged). On PGlite, in a store of its own.
 * Run alone: `npx tsx bench/catalogueImport.ts`.
 */
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS } from '../server/src/contract/catalogTerms';
import { benchProduct } from './bigCatalogue';
import { ADMIN, appToken } from './shoppers';
import { processMemoryMb, startStack, type Stack } from './stack';

export const IMPORT_ROWS = 100_000;

export interface ImportFigures {
  rows: number;
  fileMb: number;
  dryRunSeconds: number;
  /** Every row a new product: the target, at most 60 s on PGlite. */
  importSeconds: number;
  exportSeconds: number;
  exportMb: number;
  /** The export sent back: every row checked against its product, nothing written. */
  reimportSeconds: number;
  apiPeakRssMb: number;
}

/** The price list: the bench catalogue's products under supplier SKUs, as CSV. */
export function priceList(rows: number): string {
  const records = Array.from({ length: rows }, (_, n) => {
    const p = benchProduct(n, '');
    const a = p.attributes!;
    return [
      `SUP-${String(n).padStart(6, '0')}`,
      p.name,
      p.description,
      (p.priceCents / 100).toFixed(2),
      p.orderQuantity,
      p.availableQuantity,
      '',
      a.category,
      a.width ?? '',
      a.aspect ?? '',
      a.rim ?? '',
      a.season ?? '',
      a.loadIndex ?? '',
      a.speedRating ?? '',
      'active',
      // No version: every row is a new product.
      '',
    ];
  });
  return stringify(records, { header: true, columns: [...CSV_COLUMNS] });
}

async function upload(stack: Stack, token: string, csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'price-list.csv');
  const started = performance.now();
  const response = await fetch(`${stack.baseUrl}/api/product/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const report = (await response.json()) as Record<string, unknown>;
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok || report.failure || report.rejectedCount !== 0) {
    throw new Error(`import answered ${response.status}: ${JSON.stringify(report).slice(0, 500)}`);
  }
  return { seconds, report };
}

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
    log(`import: stored in ${stored.seconds.toFixed(1)} s`);
    log('import: export and import again');
    const exportStarted = performance.now();
    const exported = await (
      await fetch(`${stack.baseUrl}/api/product/export.csv`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).text();
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    // The price list's own rows (the seeded products aside, which would pass the row limit);
    // the bench's cells hold no line breaks.
    const [header, ...lines] = exported.replace(/^\uFEFF/, '').split('\n');
    const ownRows = [header, ...lines.filter((line) => line.startsWith('SUP-'))].join('\n');
    const again = await upload(stack, token, ownRows, false);
    if (again.report.unchanged !== IMPORT_ROWS) throw new Error('the round trip changed products');
    return {
      rows: IMPORT_ROWS,
      fileMb: csv.length / 1e6,
      dryRunSeconds: dry.seconds,
      importSeconds: stored.seconds,
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
