import styled from 'styled-components';
import { LOW_STOCK_UNITS, type LowStockProduct } from '@contract/overview';
import { overviewCopy } from './overviewCopy';
import { Table, TableHeader } from '../../../ui/Table';
import { TextLink } from '../../../ui/TextLink';
import { Panel, PanelHeader, Quiet } from './panel';

const Units = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const { lowStock: words } = overviewCopy;
const [, UNITS] = words.columns;

/** Products with few units left, fewest first, each linking to its page to restock it. */
export function LowStock({ products }: { products: LowStockProduct[] }) {
  return (
    <Panel aria-labelledby="overview-low-stock">
      <PanelHeader>
        <h2 id="overview-low-stock">{words.heading}</h2>
      </PanelHeader>
      {products.length === 0 ? (
        <Quiet>{words.none}</Quiet>
      ) : (
        <Table caption={words.caption(LOW_STOCK_UNITS)} hideCaption>
          <TableHeader columns={words.columns} />
          <tbody>
            {products.map((product) => (
              <tr key={product._id}>
                <th scope="row">
                  <TextLink to={`/dashboard/products/${encodeURIComponent(product._id)}`}>
                    {product.name}
                  </TextLink>
                </th>
                <Units data-label={UNITS}>{product.availablequantity}</Units>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <TextLink to="/dashboard/products">{words.all}</TextLink>
    </Panel>
  );
}
