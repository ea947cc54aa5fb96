import styled from 'styled-components';
import type { ProductFacetsQuery } from '@contract/products';
import { alternativeOf, formatDifference, sameSize } from '@contract/sizeAlternatives';
import { vehicleCopy } from '@contract/vehicleCopy';
import type { Product } from '@contract/products';
import { useGetProductPageQuery } from '../../store/api';
import { ProductCards } from '../products/ProductGrid';
import { QueryState } from '../QueryState';
import { useGetVehicleQuery } from './vehiclesApi';

const words = vehicleCopy.alternatives;
/** The alternatives shown: the nearest sizes first would need paging; a screenful is enough. */
const SHOWN = 24;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 2px dashed ${({ theme }) => theme.colors.line};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

type CarFilters = ProductFacetsQuery & { vehicle: string };

/** The page of other sizes asked for, by the section and by the shop's server render. */
export function alsoFitsArgs(filters: CarFilters) {
  return { ...filters, alternatives: true, sort: 'price-asc', limit: SHOWN, offset: 0 } as const;
}

/**
 * The tyres in the other sizes that fit the car (the API's `alternatives=true`), apart from its
 * own sizes and each marked with how far its diameter differs (the contract's rule).
 */
export function AlsoFits({ filters }: { filters: CarFilters }) {
  const car = useGetVehicleQuery(filters.vehicle);
  const query = useGetProductPageQuery(alsoFitsArgs(filters));
  const vehicle = car.data;
  const noteOf = (product: Product) => {
    if (!vehicle || product.width === null || product.aspect === null || product.rim === null) {
      return undefined;
    }
    const originals = sameSize(vehicle.front, vehicle.rear)
      ? [vehicle.front]
      : [vehicle.front, vehicle.rear];
    const size = { width: product.width, aspect: product.aspect, rim: product.rim };
    const found = alternativeOf(originals, size);
    return found ? words.difference(formatDifference(found.differencePercent)) : undefined;
  };
  return (
    <Section aria-labelledby="also-fits">
      <Heading id="also-fits">{words.heading}</Heading>
      <Intro>{words.intro}</Intro>
      <QueryState
        query={query}
        loadingLabel="Loading products"
        errorMessage="We could not load the products."
      >
        {(shown) =>
          shown.total === 0 ? (
            <p>{words.none}</p>
          ) : (
            <ProductCards
              products={shown.products}
              headingLevel={2}
              label={words.heading}
              noteOf={noteOf}
            />
          )
        }
      </QueryState>
    </Section>
  );
}
