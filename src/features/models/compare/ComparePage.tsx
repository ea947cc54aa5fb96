import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Product } from '@contract/products';
import { apiErrorStatus } from '../../../store/apiError';
import { useGetProductQuery } from '../../../store/api';
import { AddToBag } from '../../../shared/products/AddToBag';
import { Button, ButtonLink } from '../../../ui/Button';
import { sizedImage } from '../../../ui/imageSize';
import { messageCard } from '../../../ui/messageCard';
import { Page, PageHeading, PageIntro } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { Table } from '../../../ui/Table';
import { TextLink } from '../../../ui/TextLink';
import { usePageTitle } from '../../../ui/usePageTitle';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { compareCopy as copy } from '../../../shared/models/compareCopy';
import { IDS_PARAM, COMPARE_MAX, keepCompared, readIds } from '../../../shared/models/compareList';
import { comparedIds } from './compareLoader';
import { compareRows } from './compareRows';
import { useShelfMinor } from './useShelfMinor';

const Note = styled.p`
  ${messageCard}
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

const Empty = styled.div`
  ${messageCard}
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
`;

/** Each tyre's column: at least readable on a phone, where the table scrolls sideways. */
const Tyre = styled.th`
  min-width: 11rem;
  vertical-align: top !important;
  background: ${({ theme }) => theme.colors.surface} !important;
  color: ${({ theme }) => theme.colors.ink} !important;
  white-space: normal !important;
  img {
    display: block;
    width: 100%;
    max-width: 10rem;
    height: auto;
    margin-bottom: ${({ theme }) => theme.space.xs};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  a {
    color: inherit;
  }
`;

const Cell = styled.td<{ $best: boolean }>`
  font-variant-numeric: tabular-nums;
  ${({ $best, theme }) =>
    $best &&
    `background: ${theme.colors.accentSoft}; box-shadow: inset 4px 0 0 ${theme.colors.success};`}
`;

/** "Best" in words beside the value, so the mark never rests on colour alone. */
const Best = styled.strong`
  display: inline-block;
  margin-left: ${({ theme }) => theme.space.xs};
  padding: 0 0.4em;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.success};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const RowNote = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
`;

const Buy = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  margin-top: ${({ theme }) => theme.space.lg};
`;

/** The tyres of the address, each asked for as its page asks (four hooks, in a fixed order). */
function useComparedProducts(ids: readonly string[]) {
  const queries = [
    useGetProductQuery(ids[0] ?? '', { skip: ids[0] === undefined }),
    useGetProductQuery(ids[1] ?? '', { skip: ids[1] === undefined }),
    useGetProductQuery(ids[2] ?? '', { skip: ids[2] === undefined }),
    useGetProductQuery(ids[3] ?? '', { skip: ids[3] === undefined }),
  ].slice(0, ids.length);
  const products = queries.flatMap((query) => (query.data ? [query.data] : []));
  const missing = queries.filter((query) => {
    const status = apiErrorStatus(query.error);
    return !query.data && (status === 404 || status === 400);
  }).length;
  const loading = queries.some((query) => query.isLoading);
  return { products, missing, loading };
}

function Comparison({
  products,
  onRemove,
}: {
  products: Product[];
  onRemove: (id: string) => void;
}) {
  const { market, shelfMinor, money } = useShelfMinor(products);
  const rows = compareRows(products, shelfMinor, market, money);
  const headingOf = (product: Product) => `compare-${product._id}`;
  return (
    <Table caption={copy.caption} hideCaption>
      <thead>
        <tr>
          <td />
          {products.map((product) => (
            <Tyre key={product._id} scope="col">
              <img src={sizedImage(product.img, 'card')} alt="" width={160} height={120} />
              <TextLink to={`/productdetails/${product._id}`} id={headingOf(product)}>
                {product.name}
              </TextLink>
            </Tyre>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              {row.label}
              {row.key === 'fitted' && <RowNote>{copy.rows.fittedNote}</RowNote>}
            </th>
            {row.cells.map((cell, at) => (
              <Cell key={products[at]!._id} $best={cell.best}>
                {cell.text}
                {cell.best && <Best>{copy.best}</Best>}
              </Cell>
            ))}
          </tr>
        ))}
        <tr>
          <th scope="row">
            <VisuallyHidden>{copy.actions}</VisuallyHidden>
          </th>
          {products.map((product) => (
            <td key={product._id}>
              <Buy>
                <AddToBag product={product} describedBy={headingOf(product)} />
                <Button
                  type="button"
                  $variant="secondary"
                  $size="sm"
                  aria-describedby={headingOf(product)}
                  onClick={() => onRemove(product._id)}
                >
                  {copy.remove}
                </Button>
              </Buy>
            </td>
          ))}
        </tr>
      </tbody>
    </Table>
  );
}

/**
 * `/compare?ids=a,b,c`: up to four tyres side by side (issue 51), the address holding them so
 * the comparison can be shared: price and fully fitted price in the shopper's market, the EU
 * label's classes and noise, load and speed, season and 3PMSF, rating; the best of each row
 * marked in words. Removing a tyre changes the address and this browser's comparison.
 */
export function ComparePage() {
  usePageTitle(copy.title, copy.intro);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = comparedIds(params);
  const leftOut = readIds(params.get(IDS_PARAM)).length > ids.length;
  const { products, missing, loading } = useComparedProducts(ids);

  const show = (next: string[]) => {
    keepCompared(next);
    const search = new URLSearchParams(params);
    if (next.length > 0) search.set(IDS_PARAM, next.join(','));
    else search.delete(IDS_PARAM);
    navigate({ search: search.toString() }, { replace: true });
  };

  return (
    <Page>
      <PageHeading>{copy.title}</PageHeading>
      <PageIntro>{copy.intro}</PageIntro>
      {leftOut && <Note role="status">{copy.tooMany(COMPARE_MAX)}</Note>}
      {missing > 0 && <Note role="status">{copy.missing(missing)}</Note>}
      {loading ? (
        <Spinner label={copy.loading} showLabel />
      ) : products.length === 0 ? (
        <Empty>
          <p>{copy.empty}</p>
          <ButtonLink to="/shop">{copy.goToShop}</ButtonLink>
        </Empty>
      ) : (
        <>
          <Comparison
            products={products}
            onRemove={(id) => show(ids.filter((one) => one !== id))}
          />
          <Actions>
            <Button type="button" $variant="secondary" onClick={() => show([])}>
              {copy.clear}
            </Button>
          </Actions>
        </>
      )}
    </Page>
  );
}
