import { toast } from 'react-toastify';
import styled from 'styled-components';
import { CSV_COLUMNS } from '@contract/catalogTerms';
import type { ImportReport } from '@contract/productChanges';
import { api } from '../../../store/api';
import { useAppDispatch } from '../../../store/hooks';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { TextLink } from '../../../ui/TextLink';
import { usePageTitle } from '../../../ui/usePageTitle';
import { Columns, CsvImportPanel, importLimits } from '../csv/CsvImportPanel';
import { CsvImportReportView, rows } from '../csv/CsvImportReportView';
import { useCsvImport } from '../csv/useCsvImport';
import { IMPORT_TITLE } from './productLabels';

const Back = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

/**
 * `/dashboard/products/import` (admins): a price list in, as CSV. A dry run first says how
 * many rows would be added, updated and rejected (each rejected row with its line and why);
 * the admin then imports, which stores the valid rows and skips the rejected ones. The import
 * refreshes every product list and page.
 */
export function ImportProductsPage() {
  usePageTitle(IMPORT_TITLE);
  const dispatch = useAppDispatch();
  const importer = useCsvImport<ImportReport>({
    path: '/product/import',
    onImported: (report) => {
      dispatch(api.util.invalidateTags(['Product']));
      const stored = report.added + report.updated;
      toast.success(`Imported: ${stored} ${stored === 1 ? 'product' : 'products'} stored.`);
    },
  });

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
      <CsvImportPanel
        importer={importer}
        fileLabel="Price list (CSV)"
        hint={
          <>
            {importLimits} Columns: <Columns>{CSV_COLUMNS.join(', ')}</Columns> (only sku is
            required in every row), and a market&apos;s own prices: <Columns>price_DE</Columns>,{' '}
            <Columns>price_GB</Columns> (in its currency, such as 84.99; empty: its conversion rule
            prices it).
          </>
        }
        renderReport={(report) => (
          <CsvImportReportView report={report} named={{ label: 'SKU', of: (row) => row.sku }}>
            {report.stockKept > 0 && (
              <p>
                {rows(report.stockKept)} of products already in the catalogue gave a stock count
                other than the stock now. Stock moves only by Restock and orders, so it{' '}
                {report.dryRun ? 'will be' : 'was'} left as it is.
              </p>
            )}
          </CsvImportReportView>
        )}
        done={
          <p>
            <TextLink to="/dashboard/products">See the products</TextLink>
          </p>
        }
      />
    </>
  );
}
