import { useId, useMemo, useState } from 'react';
import { shopCopy } from './shopCopy';
import styled from 'styled-components';
import { PRODUCT_SORTS, type ProductListing, type ProductSort } from '@contract/catalogTerms';
import { useGetProductFacetsQuery } from '../../store/api';
import { Button, buttonLook, type LookProps } from '../../ui/Button';
import { Select } from '../../ui/Field';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { PagedList } from '../../ui/PagedList';
import { ProductCards } from '../../shared/products/ProductGrid';
import { QueryState } from '../../shared/QueryState';
import { SearchBox } from '../../ui/SearchBox';
import { media } from '../../ui/theme';
import { useHydrated } from '../../ui/useHydrated';
import { usePageTitle } from '../../ui/usePageTitle';
import { NoMatch } from './NoMatch';
import { ModelCards } from './ModelCards';
import { modelListCopy } from './modelListCopy';
import { ShopFilters } from './ShopFilters';
import { count, SORT_LABELS } from './shopLabels';
import { FIRST_ROW, showingText } from './shopPaging';
import { facetArgs, filterCount, isFiltered, shopSearchString } from './shopSearch';
import { useListingMarket } from '../../shared/markets/listingMarket';
import { useMarket } from '../../shared/markets/useShelfPrices';
import { priceFilterWords } from './priceFilterWords';
import { PriceFilterCleared } from './PriceFilterCleared';
import { useShopPage } from './useShopPage';
import { useShopSearch } from './useShopSearch';
import { AlsoFits } from '../../shared/vehicles/AlsoFits';
import { CarSuggestions } from '../../shared/vehicles/CarSuggestions';
import { ShopCar } from '../../shared/vehicles/ShopCar';
import { CarSets } from '../../shared/vehicles/CarSets';
import { useCarNote } from '../../shared/vehicles/useCarNote';
import { cardExtrasOf } from '../../shared/models/CardExtras';

/** Phone: search, then the filters when opened, then the results; desktop: filters beside. */
const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-areas: 'toolbar' 'filters' 'results';
  ${media.desktop} {
    column-gap: ${({ theme }) => theme.space.lg};
    grid-template-columns: 16rem minmax(0, 1fr);
    grid-template-rows: auto 1fr;
    grid-template-areas: 'filters toolbar' 'filters results';
    align-items: start;
  }
`;

const Aside = styled.aside`
  grid-area: filters;
  ${media.desktop} {
    position: sticky;
    top: 5rem;
  }
`;

/**
 * On a phone the filters are a panel of their own behind the Filters button: a native
 * disclosure, so it opens before the script arrives (or without it). On a desktop the panel is
 * always shown and the button hidden.
 */
const Disclosure = styled.details`
  ${media.desktop} {
    &::details-content {
      content-visibility: visible;
      display: block;
    }
  }
`;

const FiltersButton = styled.summary<LookProps>`
  ${buttonLook}
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }
  ${media.desktop} {
    display: none;
  }
`;

const FilterPanel = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  margin-top: ${({ theme }) => theme.space.sm};
  ${media.desktop} {
    margin-top: 0;
  }
`;

const Results = styled.div`
  grid-area: results;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

/**
 * Phone: the search on a row of its own, what to show and the sort side by side below it (then
 * the Filters button); desktop: all three on one row.
 */
const Toolbar = styled.div`
  grid-area: toolbar;
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  align-items: end;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  > :first-child {
    grid-column: 1 / -1;
  }
  ${media.desktop} {
    grid-template-columns: minmax(0, 1fr) 10rem 14rem;
    > :first-child {
      grid-column: auto;
    }
  }
`;

/** On a phone, closes the filters and goes to the products they show. */
const CloseFilters = styled(Button)`
  margin-top: ${({ theme }) => theme.space.lg};
  ${media.desktop} {
    display: none;
  }
`;

const CarArea = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const countText = (total: number, by: ProductListing) =>
  `${count(total)} ${by === 'model' ? (total === 1 ? 'model' : 'models') : total === 1 ? 'product' : 'products'}`;

const SortField = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  label {
    grid-column: 1 / -1;
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export function ShopPage() {
  usePageTitle(
    'Shop',
    'Find the tyre that fits by size, season and price, and wheels and parts, with the stock of each product.',
  );
  const { search, settling, update, clearAll, linkTo } = useShopSearch();
  const { query, ...paging } = useShopPage(search, settling);
  const { topRef, busy } = paging;
  const market = useListingMarket();
  const shopper = useMarket().market;
  // The price filter is in the market the list is asked in (the spec's dollars in the US).
  const priceWords = useMemo(
    () => priceFilterWords(market !== undefined && shopper?.code === market ? shopper : null),
    [market, shopper],
  );
  // The counts of the search before stay while the next arrive.
  const facets = useGetProductFacetsQuery(facetArgs(search, market)).data;
  const suggested = facets?.suggestion;
  const suggestion = useMemo(
    () => (suggested ? { text: suggested, ...linkTo({ ...search, q: suggested }) } : null),
    [suggested, linkTo, search],
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const formId = useId();
  const sortId = useId();
  const byId = useId();
  // Until hydrated the phone's Show button sends the filters' form (ShopFilters).
  const hydrated = useHydrated();
  const picked = filterCount(search);
  const carNote = useCarNote(search.vehicle);

  return (
    <Page>
      <PageHeading>Tyres &amp; auto parts</PageHeading>
      <PageIntro>
        Summer, winter and all-season tyres, wheels, brakes, batteries and service parts. Search by
        name or tyre size, narrow down with the filters, and book a product for fitting or delivery.
      </PageIntro>
      <CarArea>
        <ShopCar
          choice={search}
          onChange={update}
          bare={!isFiltered(search)}
          keep={shopSearchString(search)}
          links={{
            withoutCar: `/shop${shopSearchString({ ...search, vehicle: null, year: null, alternatives: false })}`,
            otherSizesToggled: `/shop${shopSearchString({ ...search, alternatives: !search.alternatives })}`,
          }}
        />
      </CarArea>
      <Layout>
        <Toolbar>
          <SearchBox value={search.q} onSearch={(q, options) => update({ q }, options)} />
          <SortField>
            <label htmlFor={byId}>{modelListCopy.show}</label>
            <Select
              id={byId}
              name="by"
              form={formId}
              value={search.by}
              onChange={(event) => update({ by: event.target.value as ProductListing })}
            >
              <option value="size">{modelListCopy.bySize}</option>
              <option value="model">{modelListCopy.byModel}</option>
            </Select>
          </SortField>
          <SortField>
            <label htmlFor={sortId}>Sort by</label>
            <Select
              id={sortId}
              name="sort"
              form={formId}
              value={search.sort}
              onChange={(event) => update({ sort: event.target.value as ProductSort })}
            >
              {PRODUCT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </Select>
            <noscript>
              <Button type="submit" form={formId} $variant="secondary">
                {shopCopy.applySort}
              </Button>
            </noscript>
          </SortField>
        </Toolbar>
        <Aside aria-label={shopCopy.filters}>
          <Disclosure
            open={filtersOpen}
            onToggle={(event) => setFiltersOpen(event.currentTarget.open)}
          >
            <FiltersButton $variant="secondary" $block>
              {picked > 0 ? `${shopCopy.filters} (${picked})` : shopCopy.filters}
            </FiltersButton>
            <FilterPanel id={filtersId}>
              <ShopFilters
                id={formId}
                search={search}
                facets={facets}
                onChange={update}
                clearAll={clearAll}
                priceWords={priceWords}
              />
              <CloseFilters
                type={hydrated ? 'button' : 'submit'}
                form={formId}
                $block
                onClick={() => {
                  if (!hydrated) return;
                  setFiltersOpen(false);
                  topRef.current?.focus();
                }}
              >
                {query.data
                  ? `Show ${countText(query.data.total, search.by)}`
                  : 'Show the products'}
              </CloseFilters>
            </FilterPanel>
          </Disclosure>
        </Aside>
        <Results>
          <PriceFilterCleared />
          <CarSuggestions text={search.q} />
          {search.vehicle && !search.alternatives && <CarSets vehicle={search.vehicle} />}
          <QueryState
            query={query}
            loadingLabel="Loading products"
            errorMessage="We could not load the products."
          >
            {(shown) =>
              shown.total === 0 && isFiltered(search) ? (
                <NoMatch
                  search={search}
                  clearAll={clearAll}
                  suggestion={suggestion}
                  topRef={topRef}
                  busy={busy}
                  priceWords={priceWords}
                />
              ) : shown.total === 0 ? (
                <ProductCards products={[]} />
              ) : 'models' in shown ? (
                <PagedList paging={paging} showing={showingText(shown)} label="Model pages">
                  <ModelCards models={shown.models} eager={FIRST_ROW} busy={busy} />
                </PagedList>
              ) : (
                <PagedList paging={paging} showing={showingText(shown)} label="Product pages">
                  <ProductCards
                    products={shown.products}
                    headingLevel={2}
                    eager={FIRST_ROW}
                    busy={busy}
                    noteOf={carNote}
                    extrasOf={cardExtrasOf(shown.products)}
                  />
                </PagedList>
              )
            }
          </QueryState>
          {search.vehicle && search.alternatives && (
            <AlsoFits
              filters={{ ...facetArgs(search, market), by: undefined, vehicle: search.vehicle }}
            />
          )}
        </Results>
      </Layout>
    </Page>
  );
}
