import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { IMPORT_LIMITS } from '@contract/catalogTerms';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { FormActions, FormPanel } from '../../../ui/Form';
import { ProgressBar } from '../../../ui/ProgressBar';
import type { CsvImportReport } from './csvImportRequest';
import type { ImportState, useCsvImport } from './useCsvImport';

export const Columns = styled.code`
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

/** `Up to 10 MB and 50,000 rows.`: what every CSV import takes at most. */
export const importLimits = `Up to ${IMPORT_LIMITS.bytes / MB} MB and ${n(IMPORT_LIMITS.rows)} rows.`;

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

interface CsvImportPanelProps<R extends CsvImportReport> {
  importer: ReturnType<typeof useCsvImport<R>>;
  /** The file input's label: `Price list (CSV)`. */
  fileLabel: string;
  /** Under the input: the limits and the columns. */
  hint: ReactNode;
  /** The report, in the import's own view of it. */
  renderReport: (report: R) => ReactNode;
  /** Shown once the import has stored: where to see the result. */
  done: ReactNode;
}

/**
 * A CSV import's steps (the price list's and the fitments'): pick a file, check it with a dry
 * run (its progress, then its report), then import the valid rows or cancel.
 */
export function CsvImportPanel<R extends CsvImportReport>({
  importer,
  fileLabel,
  hint,
  renderReport,
  done,
}: CsvImportPanelProps<R>) {
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
          label={fileLabel}
          type="file"
          name="file"
          accept=".csv,text/csv"
          disabled={busy}
          error={problem}
          hint={hint}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <FormActions>
          <Button type="submit" disabled={busy}>
            Check the file
          </Button>
        </FormActions>
        {busy && <ImportProgress state={importer} />}
      </FormPanel>
      {report && renderReport(report)}
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
      {importer.phase === 'done' && done}
    </Stack>
  );
}
