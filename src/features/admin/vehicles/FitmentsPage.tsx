import { toast } from 'react-toastify';
import styled from 'styled-components';
import { FITMENT_COLUMNS, FITMENT_NEEDS_RULE, FITMENT_REQUIRED } from '@contract/fitmentColumns';
import { vehicleCopy } from '@contract/vehicleCopy';
import type { FitmentImportReport } from '@contract/vehicles';
import { api } from '../../../store/api';
import { useAppDispatch } from '../../../store/hooks';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { TextLink } from '../../../ui/TextLink';
import { usePageTitle } from '../../../ui/usePageTitle';
import { CsvExportButton } from '../csv/CsvExportButton';
import { Columns, CsvImportPanel, importLimits } from '../csv/CsvImportPanel';
import { CsvImportReportView } from '../csv/CsvImportReportView';
import { useCsvImport } from '../csv/useCsvImport';

const words = vehicleCopy.import;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  margin-bottom: ${({ theme }) => theme.space.xl};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  > * {
    justify-self: stretch;
  }
  > button {
    justify-self: start;
  }
`;

/**
 * `/dashboard/fitments` (admins, issue 33): the cars of "My car" and their original tyre sizes
 * out as CSV, and in with the price list's steps (a dry run, then the import; rejected rows by
 * line and why). The columns are the contract's, as the API reads and writes them.
 */
export function FitmentsPage() {
  usePageTitle(words.title);
  const dispatch = useAppDispatch();
  const importer = useCsvImport<FitmentImportReport>({
    path: '/vehicles/import',
    onImported: (report) => {
      // The picker's lists and the products that fit a car may have changed.
      dispatch(api.util.invalidateTags(['Vehicle', 'Product']));
      toast.success(words.imported(report.added + report.updated));
    },
  });

  return (
    <>
      <PageHeading>{words.title}</PageHeading>
      <PageIntro>{words.intro}</PageIntro>
      <Section aria-labelledby="fitments-export">
        <h2 id="fitments-export">{words.exportHeading}</h2>
        <CsvExportButton
          export={{
            path: '/vehicles/export.csv',
            fileName: 'car-fitments.csv',
            what: words.exportedWhat,
          }}
          label={words.export}
          busyLabel={words.exporting}
          saved={words.exported}
        />
      </Section>
      <Section aria-labelledby="fitments-import">
        <h2 id="fitments-import">{words.importHeading}</h2>
        <CsvImportPanel
          importer={importer}
          fileLabel={words.file}
          hint={
            <>
              {importLimits} {words.columns} <Columns>{FITMENT_COLUMNS.join(', ')}</Columns>{' '}
              {words.required(FITMENT_REQUIRED.join(', '))} {FITMENT_NEEDS_RULE}
            </>
          }
          renderReport={(report) => (
            <CsvImportReportView
              report={report}
              named={{ label: words.car, of: (row) => row.car }}
            />
          )}
          done={
            <p>
              <TextLink to="/shop">{words.seeCars}</TextLink>
            </p>
          }
        />
      </Section>
    </>
  );
}
