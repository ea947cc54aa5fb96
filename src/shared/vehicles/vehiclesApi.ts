import type {
  Vehicle,
  VehicleList,
  VehicleMatches,
  VehicleVersionsQuery,
  VehicleYearsQuery,
} from '@contract/vehicles';
import { api } from '../../store/api';
import type { CarPick } from './myCar';

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/**
 * The "My car" picker's lists and a chosen car, in the one API slice. All tagged `Vehicle`, so
 * a fitments import refreshes them at once rather than after the 5 minutes of the cache.
 */
export const vehiclesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVehicleMakes: build.query<string[], void>({
      providesTags: ['Vehicle'],
      query: () => 'vehicles/makes',
    }),
    getVehicleModels: build.query<string[], string>({
      providesTags: ['Vehicle'],
      query: (make) => `vehicles/models?${q({ make })}`,
    }),
    getVehicleYears: build.query<number[], VehicleYearsQuery>({
      providesTags: ['Vehicle'],
      query: (args) => `vehicles/years?${q(args)}`,
    }),
    getVehicleVersions: build.query<VehicleList, VehicleVersionsQuery>({
      providesTags: ['Vehicle'],
      query: (args) => `vehicles?${q(args)}`,
    }),
    getVehicle: build.query<Vehicle, string>({
      providesTags: ['Vehicle'],
      query: (id) => `vehicles/${encodeURIComponent(id)}`,
    }),
    searchVehicles: build.query<VehicleMatches, string>({
      providesTags: ['Vehicle'],
      query: (text) => `vehicles/search?${q({ q: text })}`,
    }),
  }),
});

export const {
  useGetVehicleMakesQuery,
  useGetVehicleModelsQuery,
  useGetVehicleYearsQuery,
  useGetVehicleVersionsQuery,
  useGetVehicleQuery,
  useSearchVehiclesQuery,
} = vehiclesApi;

/**
 * The lists the picker shows for a pick (readCarPick), asked as its hooks ask: a page's loader
 * dispatches them, so the server renders the picker's next step already filled.
 */
export function carPickQueries({ make, model, year }: CarPick) {
  const { endpoints } = vehiclesApi;
  return [
    endpoints.getVehicleMakes.initiate(),
    ...(make ? [endpoints.getVehicleModels.initiate(make)] : []),
    ...(model ? [endpoints.getVehicleYears.initiate({ make, model })] : []),
    ...(year ? [endpoints.getVehicleVersions.initiate({ make, model, year: Number(year) })] : []),
  ];
}
