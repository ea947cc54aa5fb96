import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Product } from '@contract/products';
import { formatTyreSize } from '@contract/tyreSize';
import type { ShownPrice } from '../../shared/markets/useShelfPrices';
import { Table, TableHeader } from '../../ui/Table';
import { modelCopy } from './modelCopy';
import { SIZE_PARAM } from '../../shared/models/modelAddress';
import { marketInAddress } from '../../shared/markets/marketChoice';

const copy = modelCopy.sizes;

const COLUMNS = [
  copy.size,
  copy.price,
  copy.stock,
  copy.fuel,
  copy.wetGrip,
  copy.noise,
  copy.choose,
] as const;

/** The chosen row stands out by more than colour: its link reads "Chosen" and is current. */
const Row = styled.tr`
  &[data-chosen='true'] {
    outline: 2px solid ${({ theme }) => theme.colors.accentStrong};
    outline-offset: -2px;
    background: ${({ theme }) => theme.colors.accentSoft} !important;
  }
  td {
    font-variant-numeric: tabular-nums;
  }
`;

const ChooseLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.ink};
  &[aria-current='true'] {
    text-decoration: none;
  }
`;

/** A size as the sidewall writes it: `225/45 R17 94Y`; a part by its name. */
export const sizeName = (size: Product) =>
  size.width !== null && size.aspect !== null && size.rim !== null
    ? formatTyreSize({
        width: size.width,
        aspect: size.aspect,
        rim: size.rim,
        loadIndex: size.loadIndex,
        speedRating: size.speedRating,
      })
    : size.name;

/**
 * The model's sizes, one row each: price in the shopper's market, stock, and the EU label's
 * classes; each row's link chooses it (the address's `?size=`, so it works before the script
 * and can be shared). On phones each row is a small card.
 */
export function SizesTable({
  sizes,
  chosen,
  priceOf,
}: {
  sizes: readonly Product[];
  chosen: Product;
  priceOf: (size: Product) => ShownPrice;
}) {
  const [params] = useSearchParams();
  // Only what the page reads (its size, the market), as the server rendered the links.
  const market = marketInAddress(params);
  const hrefOf = (size: Product) =>
    `?${SIZE_PARAM}=${size._id}${market ? `&market=${market}` : ''}`;
  return (
    <Table caption={copy.caption} hideCaption stackOnPhones>
      <TableHeader columns={COLUMNS} />
      <tbody role="rowgroup">
        {sizes.map((size) => {
          const name = sizeName(size);
          const label = size.category === 'tyre' ? size.euLabel : null;
          const isChosen = size._id === chosen._id;
          return (
            <Row key={size._id} role="row" data-chosen={isChosen}>
              <th scope="row" role="rowheader" data-label={copy.size}>
                {name}
              </th>
              <td role="cell" data-label={copy.price}>
                {priceOf(size).text}
              </td>
              <td role="cell" data-label={copy.stock}>
                {size.availablequantity}
              </td>
              <td role="cell" data-label={copy.fuel}>
                {label?.fuel ?? copy.noLabel}
              </td>
              <td role="cell" data-label={copy.wetGrip}>
                {label?.wetGrip ?? copy.noLabel}
              </td>
              <td role="cell" data-label={copy.noise}>
                {label ? `${label.noiseDb} dB (${label.noiseClass})` : copy.noLabel}
              </td>
              <td role="cell" data-label={copy.choose}>
                <ChooseLink
                  to={hrefOf(size)}
                  replace
                  preventScrollReset
                  aria-current={isChosen}
                  aria-label={isChosen ? `${copy.chosen}: ${name}` : copy.chooseSize(name)}
                >
                  {isChosen ? `✓ ${copy.chosen}` : copy.choose}
                </ChooseLink>
              </td>
            </Row>
          );
        })}
      </tbody>
    </Table>
  );
}
