import { api } from '../../store/api';
import { pageLoader } from '../../store/pageLoader';
import { parsePage } from './shopPaging';
import { facetArgs, pageArgs, readShopSearch } from './shopSearch';

/**
 * `/shop`: the page of the search its address asks for and the filter panel's counts, asked as
 * useShopPage and ShopPage ask (the search and page read from the URL the same way).
 */
export const shopLoader = pageLoader(({ searchParams }) => {
  const search = readShopSearch(searchParams);
  return [
    api.endpoints.getProductPage.initiate(pageArgs(search, parsePage(searchParams.get('page')))),
    api.endpoints.getProductFacets.initiate(facetArgs(search)),
  ];
});
