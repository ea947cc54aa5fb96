import { useId, useState } from 'react';
import styled from 'styled-components';
import { TableSummary } from '../../../ui/Table';
import type { StatusFilter } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { ButtonLink } from '../../../ui/Button';
import { Label, Select } from '../../../ui/Field';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { Pagination } from '../../../ui/Pagination';
import { QueryState } from '../../../shared/QueryState';
import { SearchBox } from '../../../ui/SearchBox';
import { Spinner } from '../../../ui/Spinner';
import { media } from '../../../ui/theme';
import { usePageTitle } from '../../../ui/usePageTitle';
import { CsvExportButton } from '../csv/CsvExportButton';
import { PRODUCTS_TITLE } from './productLabels';
import { ProductsTable } from './ProductsTable';
import { RestockDialog } from './RestockDialog';
import { RetireDialog } from './RetireDialog';
import { ROWS_PER_PAGE, useProductsList } from './useProductsList';
import { useStatusChange } from './useStatusChange';

const STATUS_CHOICES: Record<StatusFilter, string> = {
  all: 'Every product',
  active: 'In the shop',
  retired: 'Retired',
};

const Toolbar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
  ${media.tablet} {
    grid-template-columns: minmax(0, 1fr) 12rem;
    align-items: end;
  }
`;

const StatusField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Empty = styled.p`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * `/dashboard/products` (admins): every product, active and retired, in a table with the
 * shop's search and paging; per row Edit, Restock and Retire (after a confirm) or Restore; the
 * catalogue's export and import.
 */
export function ProductsPage() {
  usePageTitle(PRODUCTS_TITLE);
  const { search, update, hrefFor, query } = useProductsList();
  const status = useStatusChange();
  const [restocking, setRestocking] = useState<Product | null>(null);
  const [retiring, setRetiring] = useState<Product | null>(null);
  const statusId = useId();

  return (
    <>
      <PageHeading>{PRODUCTS_TITLE}</PageHeading>
      <PageIntro>
        Every product of the store, in the shop or retired: edit, restock, retire or restore it.
        Nothing is ever deleted.
      </PageIntro>
      <Tools>
        <ButtonLink to="/dashboard/addProduct" $size="sm">
          Add a product
        </ButtonLink>
        <ButtonLink to="/dashboard/products/import" $size="sm" $variant="secondary">
          Import CSV
        </ButtonLink>
        <CsvExportButton
          export={{ path: '/product/export.csv', fileName: 'products.csv', what: 'products' }}
          label="Export CSV"
          busyLabel="Exporting the products"
          saved={(name) => `The products were saved as ${name}.`}
          size="sm"
        />
      </Tools>
      <Toolbar>
        <SearchBox
          value={search.q}
          onSearch={(q, { replace }) => update({ q }, replace)}
          placeholder="Name, description words or tyre size"
        />
        <StatusField>
          <Label htmlFor={statusId}>Show</Label>
          <Select
            id={statusId}
            value={search.status}
            onChange={(event) => update({ status: event.target.value as StatusFilter })}
          >
            {Object.entries(STATUS_CHOICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </StatusField>
      </Toolbar>
      <QueryState
        query={query}
        loadingLabel="Loading products"
        errorMessage="We could not load the products."
      >
        {(page) =>
          page.products.length === 0 ? (
            <Empty role="status">
              {page.total > 0
                ? 'This page is past the end of the list.'
                : 'No product matches this search.'}
            </Empty>
          ) : (
            <>
              <TableSummary role="status">
                Showing {count(page.offset + 1)}–{count(page.offset + page.products.length)} of{' '}
                {count(page.total)}
                {query.isFetching && <Spinner inline label="Updating the list" />}
              </TableSummary>
              <ProductsTable
                products={page.products}
                actions={{
                  busyId: status.busyId,
                  onRestock: setRestocking,
                  onRetire: setRetiring,
                  onRestore: (product) => void status.restore(product),
                }}
              />
              <Pagination
                page={search.page}
                pageCount={Math.max(1, Math.ceil(page.total / ROWS_PER_PAGE))}
                hrefFor={hrefFor}
                label="Product table pages"
              />
            </>
          )
        }
      </QueryState>
      {restocking && <RestockDialog product={restocking} onClose={() => setRestocking(null)} />}
      {retiring && (
        <RetireDialog
          product={retiring}
          onClose={() => setRetiring(null)}
          onConfirm={() => {
            setRetiring(null);
            void status.retire(retiring);
          }}
        />
      )}
    </>
  );
}
