import styled from 'styled-components';
import type { EuLabel } from '@contract/euLabel';
import type { Product } from '@contract/products';
import { oeMarkName } from '@contract/carFitment';
import { markCopy, markWords, type TyreMarks } from '@contract/tyreMarks';
import { productPageCopy } from './productPageCopy';
import { loadIndexKg, SPEED_RATING_KMH } from '@contract/tyreSize';
import { CATEGORY_SINGULAR, SEASON_LABELS } from '../../ui/catalogLabels';

const copy = productPageCopy.spec;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    margin-bottom: ${({ theme }) => theme.space.sm};
    text-align: left;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
  th,
  td {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    text-align: left;
    vertical-align: top;
  }
  th {
    width: 45%;
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
  }
  td {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** A row of the table: its name and value. */
export type SpecRow = [name: string, value: string];

const yesNo = (value: boolean) => (value ? copy.yes : copy.no);

/** The EU label's values, as rows of the table. */
function labelRows(label: EuLabel): SpecRow[] {
  return [
    [copy.fuel, label.fuel],
    [copy.wetGrip, label.wetGrip],
    [copy.noise, copy.noiseValue(label.noiseDb, label.noiseClass)],
    [copy.snow, yesNo(label.snow)],
    [copy.ice, yesNo(label.ice)],
    ...(label.eprel ? [[copy.eprel, label.eprel] as SpecRow] : []),
  ];
}

/** The sidewall's marks (issue 50), when it has any: `★ (BMW and MINI) · XL · M+S`. */
function markRows(marks: TyreMarks): SpecRow[] {
  const words = markWords(marks).map((word) => (word === marks.oeMark ? oeMarkName(word) : word));
  return words.length > 0 ? [[markCopy.legend, words.join(' · ')]] : [];
}

/**
 * What the table lists of a product: its category; for a tyre its size, load index (with the
 * kg it carries), speed rating (with its km/h), season, sidewall marks and label; its SKU. A value the product
 * does not have is left out rather than shown empty.
 */
export function specRows(product: Product, label: EuLabel | null): SpecRow[] {
  const rows: SpecRow[] = [[copy.category, CATEGORY_SINGULAR[product.category]]];
  const { width, aspect, rim, loadIndex, speedRating, season } = product;
  if (width !== null && aspect !== null && rim !== null) {
    rows.push([copy.size, copy.sizeValue(width, aspect, rim)]);
  }
  if (loadIndex !== null)
    rows.push([copy.loadIndex, copy.loadIndexValue(loadIndex, loadIndexKg(loadIndex))]);
  if (speedRating !== null) {
    rows.push([
      copy.speedRating,
      copy.speedRatingValue(speedRating, SPEED_RATING_KMH[speedRating]),
    ]);
  }
  if (season !== null) rows.push([copy.season, SEASON_LABELS[season]]);
  if (product.category === 'tyre') rows.push(...markRows(product.marks));
  rows.push([copy.sku, product.sku]);
  if (product.category === 'tyre' && label) rows.push(...labelRows(label));
  return rows;
}

/** The product's specification, as a two-column table (a row per fact). */
export function SpecTable({ product, label }: { product: Product; label: EuLabel | null }) {
  return (
    <Table>
      <caption>{copy.title}</caption>
      <tbody>
        {specRows(product, label).map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
