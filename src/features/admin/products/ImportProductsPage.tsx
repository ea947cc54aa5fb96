import { useState } from 'react';
import styled from 'styled-components';
import { CSV_COLUMNS, IMPORT_LIMITS } from '@contract/catalogTerms';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { FormActions, FormPanel } from '../../../ui/Form';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { ProgressBar } from '../../../ui/ProgressBar';
import { TextLink } from '../../../ui/TextLink';
import { usePageTitle } from '../../../ui/usePageTitle';
import { ImportReportView } from './ImportReportView';
import { IMPORT_TITLE } from './productLabels';
import { useProductImport, type ImportState } from './useProductImport';

const Back = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

const Columns = styled.code`
  overflow-wrap: anywhere;
`;

const Progress = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.textWidth};
`;

const MB = 1024 * 1024;
const n = (count: number) => count.toLocaleString('en-US');

/** Why a file cannot be imported, before it is sent; null when it can. */
export function csvFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  if (!csv) return 'Choose a CSV file (.csv), as the export writes it.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > IMPORT_LIMITS.bytes) {
    return `This file is ${(file.size / MB).toFixed(1)} MB: at most ${IMPORT_LIMITS.bytes / MB} MB can be imported at once. Split it into smaller files.`;
  }
  return null;
}

/** The upload's bar, then the API's through the rows (checking, then storing). */
function ImportProgress({ state }: { state: ImportState }) {
  const storing = state.phase === 'storing';
  const rows = state.progress;
  const rowsLabel = rows
    ? `${rows.phase === 'storing' ? 'Storing' : 'Checking'} rows: ${n(rows.done)} of ${n(rows.total)}`
    : storing
      ? 'Storing rows'
      : 'Checking rows';
  return (
    <Progress>
      <ProgressBar label="Uploading the file" value={state.upload} />
      {state.upload >= 1 && (
        <ProgressBar
          label={rowsLabel}
          value={rows && rows.total > 0 ? rows.done / rows.total : null}
        />
      )}
    </Progress>
  );
}

/**
 * `/dashboard/products/import` (admins): a price list in, as CSV. A dry run first says how
 * many rows would be added, updated and rejected (each rejected row with its line and why);
 * the admin then imports, which stores the valid rows and skips the rejected ones.
 */
export function ImportProductsPage() {
  usePageTitle(IMPORT_TITLE);
  const importer = useProductImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A new key empties the file input (after Cancel).
  const [inputKey, setInputKey] = useState(0);
  const busy = importer.phase === 'checking' || importer.phase === 'storing';
  const report = importer.report;
  const importable = report ? report.added + report.updated : 0;

  const choose = (chosen: File | null) => {
    importer.reset();
    setFile(chosen);
    setProblem(chosen ? csvFileProblem(chosen) : null);
  };

  return (
    <>
      <Back>
        <TextLink to="/dashboard/products">← All products</TextLink>
      </Back>
      <PageHeading>{IMPORT_TITLE}</PageHeading>
      <PageIntro>
        A CSV file with a header row, as Export CSV writes it. Rows are matched by SKU: a known SKU
        updates its product, a new one adds a product. Nothing is stored until you have seen the
        check and confirmed.
      </PageIntro>
      <Stack>
        <FormPanel
          noValidate
          aria-label="Check the file"
          onSubmit={(event) => {
            event.preventDefault();
            if (!file) setProblem('Choose a CSV file first.');
            else if (!problem) void importer.check(file);
          }}
        >
          <TextField
            key={inputKey}
            label="Price list (CSV)"
            type="file"
            name="file"
            accept=".csv,text/csv"
            disabled={busy}
            error={problem}
            hint={
              <>
                Up to {IMPORT_LIMITS.bytes / MB} MB and {n(IMPORT_LIMITS.rows)} rows. Columns:{' '}
                <Columns>{CSV_COLUMNS.join(', ')}</Columns> (only sku is required in every row).
              </>
            }
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <FormActions>
            <Button type="submit" disabled={busy || importer.phase === 'storing'}>
              Check the file
            </Button>
          </FormActions>
          {busy && <ImportProgress state={importer} />}
        </FormPanel>
        {report && <ImportReportView report={report} />}
        {report?.dryRun && file && (
          <FormActions>
            <Button disabled={busy || importable === 0} onClick={() => void importer.confirm(file)}>
              {importable === 0
                ? 'Nothing to import'
                : `Import ${n(importable)} ${importable === 1 ? 'row' : 'rows'}`}
              {report.rejectedCount > 0 && importable > 0 ? ', skip the rejected' : ''}
            </Button>
            <Button
              $variant="secondary"
              disabled={busy}
              onClick={() => {
                choose(null);
                setInputKey((key) => key + 1);
              }}
            >
              Cancel
            </Button>
          </FormActions>
        )}
        {importer.phase === 'done' && (
          <p>
            <TextLink to="/dashboard/products">See the products</TextLink>
          </p>
        )}
      </Stack>
    </>
  );
}
