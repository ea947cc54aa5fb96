import type { ProductFacetsQuery } from '@contract/products';
import { api } from '../../store/api';
import { readCarPick } from '../../shared/vehicles/myCar';
import { pageLoader, type PageQuery } from '../../store/pageLoader';
import { inListingMarket } from '../../shared/markets/listingMarket';
import { alsoFitsArgs } from '../../shared/vehicles/AlsoFits';
import { carPickQueries, vehiclesApi } from '../../shared/vehicles/vehiclesApi';
import { parsePage } from './shopPaging';
import { modelListApi } from './modelListApi';
import { facetArgs, pageArgs, readShopSearch } from './shopSearch';

/**
 * `/shop`: the page of the search its address asks for and the filter panel's counts, asked as
 * useShopPage and ShopPage ask (the search and page read from the URL the same way), then the
 * car: the chosen one (ShopCar's title) and the other sizes that fit when asked for, else the
 * picker's lists for the choices in the address.
 */
export const shopLoader = pageLoader((url) => {
  const { searchParams } = url;
  const search = readShopSearch(searchParams);
  const page = parsePage(searchParams.get('page'));
  // The list, the facets and the car's other sizes in the shopper's market (its shelf prices).
  const inMarket = (query: (market: string | undefined) => PageQuery) =>
    inListingMarket(url, query);
  const alsoFits = (vehicle: string, filtersIn: (market?: string) => ProductFacetsQuery) =>
    inMarket((market) =>
      api.endpoints.getProductPage.initiate(alsoFitsArgs({ ...filtersIn(market), vehicle })),
    );
  return [
    inMarket((market) =>
      search.by === 'model'
        ? modelListApi.endpoints.getModelPage.initiate(pageArgs(search, page, market))
        : api.endpoints.getProductPage.initiate(pageArgs(search, page, market)),
    ),
    inMarket((market) => api.endpoints.getProductFacets.initiate(facetArgs(search, market))),
    ...(search.vehicle
      ? [vehiclesApi.endpoints.getVehicle.initiate(search.vehicle)]
      : carPickQueries(readCarPick(searchParams))),
    ...(search.vehicle && search.alternatives
      ? [alsoFits(search.vehicle, (market) => ({ ...facetArgs(search, market), by: undefined }))]
      : []),
  ];
});
