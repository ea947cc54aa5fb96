import { api } from '../../store/api';
import { readCarPick } from '../../shared/vehicles/myCar';
import { pageLoader } from '../../store/pageLoader';
import { pageProductIds, withShelfPrices } from '../../shared/markets/shelfPricesLoader';
import { alsoFitsArgs } from '../../shared/vehicles/AlsoFits';
import { carPickQueries, vehiclesApi } from '../../shared/vehicles/vehiclesApi';
import { parsePage } from './shopPaging';
import { modelListApi, type PagedModels } from './modelListApi';

/** The ids of the sizes a page of models shows, whose prices it shows. */
const modelPageIds = (page: PagedModels) =>
  page.models.flatMap((model) => model.sizes.map((size) => size._id));
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
  const args = pageArgs(search, parsePage(searchParams.get('page')));
  return [
    search.by === 'model'
      ? withShelfPrices(url, modelListApi.endpoints.getModelPage.initiate(args), modelPageIds)
      : withShelfPrices(url, api.endpoints.getProductPage.initiate(args), pageProductIds),
    api.endpoints.getProductFacets.initiate(facetArgs(search)),
    ...(search.vehicle
      ? [vehiclesApi.endpoints.getVehicle.initiate(search.vehicle)]
      : carPickQueries(readCarPick(searchParams))),
    ...(search.vehicle && search.alternatives
      ? [
          api.endpoints.getProductPage.initiate(
            alsoFitsArgs({ ...facetArgs(search), by: undefined, vehicle: search.vehicle }),
          ),
        ]
      : []),
  ];
});
