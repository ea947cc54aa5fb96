import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Table, TableHeader } from '../../../ui/Table';
import type { CsvImportReport } from './csvImportRequest';

const Counts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  [data-rejected='true'] dd {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Report = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
  }
`;

const Failure = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSoft};
  font-weight: 600;
`;

const Line = styled.td`
  font-variant-numeric: tabular-nums;
`;

const n = (count: number) => count.toLocaleString('en-US');
/** `1 row`, `1,200 rows`. */
export const rows = (count: number) => `${n(count)} ${count === 1 ? 'row' : 'rows'}`;

/** What the report says in one sentence. */
export function reportSummary(report: CsvImportReport): string {
  if (report.dryRun) {
    return `${rows(report.rows)} read: ${n(report.added)} would be added, ${n(report.updated)} updated, ${n(report.unchanged)} unchanged and ${n(report.rejectedCount)} rejected.`;
  }
  const skipped =
    report.rejectedCount > 0 ? ` ${rows(report.rejectedCount)} rejected, skipped.` : '';
  return `Imported: ${n(report.added)} added, ${n(report.updated)} updated, ${n(report.unchanged)} unchanged.${skipped}`;
}

type Rejected<R extends CsvImportReport> = R['rejected'][number];

interface CsvImportReportViewProps<R extends CsvImportReport> {
  report: R;
  /** The rejected rows' middle column, what a row names: its SKU, its car. */
  named: { label: string; of: (row: Rejected<R>) => string | null };
  /** The import's own notes, under the counts. */
  children?: ReactNode;
}

/**
 * A CSV import's report (or a dry run's): the counts, the import's own notes, why storing
 * stopped (if it did), and every rejected row with its line in the file and the reason in words.
 */
export function CsvImportReportView<R extends CsvImportReport>({
  report,
  named,
  children,
}: CsvImportReportViewProps<R>) {
  const shown = report.rejected.length;
  return (
    <Report aria-labelledby="import-report-heading">
      <h2 id="import-report-heading">
        {report.dryRun ? 'What the import would do' : 'What the import did'}
      </h2>
      <p role="status">{reportSummary(report)}</p>
      <Counts>
        <div>
          <dt>Rows read</dt>
          <dd>{n(report.rows)}</dd>
        </div>
        <div>
          <dt>{report.dryRun ? 'To add' : 'Added'}</dt>
          <dd>{n(report.added)}</dd>
        </div>
        <div>
          <dt>{report.dryRun ? 'To update' : 'Updated'}</dt>
          <dd>{n(report.updated)}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd>{n(report.unchanged)}</dd>
        </div>
        <div data-rejected={report.rejectedCount > 0}>
          <dt>{report.dryRun ? 'Rejected' : 'Rejected, skipped'}</dt>
          <dd>{n(report.rejectedCount)}</dd>
        </div>
      </Counts>
      {children}
      {report.failure && (
        <Failure role="alert">
          {report.failure.message}
          {!report.dryRun &&
            ` Every valid row above line ${n(report.failure.firstLineNotStored)} is stored; none from it on.`}
        </Failure>
      )}
      {shown > 0 && (
        <>
          {shown < report.rejectedCount && (
            <p>
              The first {n(shown)} of {rows(report.rejectedCount)} rejected:
            </p>
          )}
          <Table caption="Rejected rows" stackOnPhones>
            <TableHeader columns={['Line', named.label, 'Why']} />
            <tbody role="rowgroup">
              {(report.rejected as Array<Rejected<R>>).map((row) => (
                <tr role="row" key={row.line}>
                  <Line role="cell" data-label="Line">
                    {row.line}
                  </Line>
                  <td role="cell" data-label={named.label}>
                    {named.of(row) ?? '—'}
                  </td>
                  <td role="cell" data-label="Why">
                    {row.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Report>
  );
}
