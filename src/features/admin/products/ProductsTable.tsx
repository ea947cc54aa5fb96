import styled from 'styled-components';
import type { Product } from '@contract/products';
import { Button, ButtonLink } from '../../../ui/Button';
import { CATEGORY_SINGULAR } from '../../../ui/catalogLabels';
import { formatPrice } from '../../../ui/formatPrice';
import { Table, TableHeader } from '../../../ui/Table';
import { media } from '../../../ui/theme';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { StatusBadge } from './StatusBadge';

const COLUMNS = ['Product', 'Category', 'Price', 'Stock', 'Status'] as const;

const Name = styled.span`
  display: grid;
  gap: 0.1rem;
  min-width: 8rem;
  font-weight: 700;
`;

const Sku = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
`;

const Figure = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  /* One line beside the row on a wider screen (the table scrolls in its box if need be). */
  ${media.tablet} {
    flex-wrap: nowrap;
  }
`;

export interface RowActions {
  onRestock: (product: Product) => void;
  onRetire: (product: Product) => void;
  onRestore: (product: Product) => void;
  /** A retire or restore is under way for this product. */
  busyId: string | null;
}

function ProductRow({ product, actions }: { product: Product; actions: RowActions }) {
  const retired = product.status === 'retired';
  // Each button names its product: a screen reader's list of buttons tells them apart.
  const of = <VisuallyHidden> {product.name}</VisuallyHidden>;
  return (
    <tr role="row">
      <th role="rowheader" scope="row" data-label={COLUMNS[0]}>
        <Name>
          {product.name}
          <Sku>
            <VisuallyHidden>SKU </VisuallyHidden>
            {product.sku}
          </Sku>
        </Name>
      </th>
      <td role="cell" data-label={COLUMNS[1]}>
        {CATEGORY_SINGULAR[product.category]}
      </td>
      <Figure role="cell" data-label={COLUMNS[2]}>
        {formatPrice(product.price)}
      </Figure>
      <Figure role="cell" data-label={COLUMNS[3]}>
        {product.availablequantity.toLocaleString('en-US')}
      </Figure>
      <td role="cell" data-label={COLUMNS[4]}>
        <StatusBadge status={product.status} />
      </td>
      <td role="cell">
        <Actions>
          <ButtonLink to={`/dashboard/products/${product._id}`} $size="sm" $variant="secondary">
            Edit{of}
          </ButtonLink>
          <Button $size="sm" $variant="secondary" onClick={() => actions.onRestock(product)}>
            Restock{of}
          </Button>
          {retired ? (
            <Button
              $size="sm"
              disabled={actions.busyId === product._id}
              onClick={() => actions.onRestore(product)}
            >
              Restore{of}
            </Button>
          ) : (
            <Button
              $size="sm"
              $variant="danger"
              disabled={actions.busyId === product._id}
              onClick={() => actions.onRetire(product)}
            >
              Retire{of}
            </Button>
          )}
        </Actions>
      </td>
    </tr>
  );
}

/**
 * The back office's products: name and SKU, category, price, stock and status, and per row
 * Edit, Restock and Retire or Restore. Rows become cards on phones.
 */
export function ProductsTable({
  products,
  actions,
}: {
  products: readonly Product[];
  actions: RowActions;
}) {
  return (
    <Table caption="Products" hideCaption stackOnPhones>
      <TableHeader columns={[...COLUMNS, 'Actions']} />
      <tbody role="rowgroup">
        {products.map((product) => (
          <ProductRow key={product._id} product={product} actions={actions} />
        ))}
      </tbody>
    </Table>
  );
}
