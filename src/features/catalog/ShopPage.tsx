import styled from 'styled-components';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { ProductCards } from '../../ui/ProductGrid';
import { QueryState } from '../../ui/QueryState';
import { Spinner } from '../../ui/Spinner';
import { usePageTitle } from '../../ui/usePageTitle';
import { FIRST_ROW, showingText } from './shopPaging';
import { useShopPage } from './useShopPage';

const ListHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  min-height: 2rem;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Showing = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  /* Clear of the sticky navbar when scrolled to. */
  scroll-margin-top: 5rem;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

export function ShopPage() {
  usePageTitle('Shop');
  const { page, pageCount, hrefFor, loadAhead, topRef, busy, query } = useShopPage();
  return (
    <Page>
      <PageHeading>Tyres &amp; auto parts</PageHeading>
      <PageIntro>
        Summer, winter and all-season tyres, wheels, brakes, batteries and service parts. Pick a
        product and book it for fitting or delivery.
      </PageIntro>
      <QueryState
        query={query}
        loadingLabel="Loading products"
        errorMessage="We could not load the products."
      >
        {(shown) =>
          shown.total === 0 ? (
            <ProductCards products={[]} />
          ) : (
            <>
              <ListHead>
                <Showing ref={topRef} tabIndex={-1} id="shop-showing">
                  {showingText(shown)}
                </Showing>
                {busy && <Spinner inline showLabel label={`Loading page ${page}`} />}
              </ListHead>
              <ProductCards
                products={shown.products}
                headingLevel={2}
                eager={FIRST_ROW}
                busy={busy}
              />
              <Pagination
                page={page}
                pageCount={pageCount}
                hrefFor={hrefFor}
                label="Product pages"
                onIntent={loadAhead}
              />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
