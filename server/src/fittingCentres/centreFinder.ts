import type { FittingCentre, NearCentres, NearQuery } from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import type { VehicleCache } from '../vehicles/vehicleDirectory';
import { Invalid } from '../domainErrors';
import { cannotFitReasons } from './centreRules';
import { listCentres } from './centreTable';
import { centreWords } from './centreWords';
import { areaOfPostcode, distanceKm, placeOfPostcode, postcodeWellFormed } from './postcodes';
import { tyreNeedsOf } from './tyreNeeds';

/**
 * Centres near a postcode, nearest first, for the chosen tyres: those that cannot fit them are
 * listed apart with why (as far out as the offered ones reach), so the shopper sees they exist.
 */

const DEFAULT_LIMIT = 10;
const round = (km: number) => Math.round(km * 10) / 10;

/** Whether a centre's mobile fitters come to this postcode. */
function drivesTo(centre: FittingCentre, area: string, km: number): boolean {
  if (!centre.mobile) return false;
  if (centre.mobile.postcodes.includes(area)) return true;
  return centre.mobile.radiusKm !== null && km <= centre.mobile.radiusKm;
}

export async function nearCentres(
  db: Db,
  vehicles: VehicleCache,
  query: NearQuery,
): Promise<NearCentres> {
  const { postcode, country } = query;
  if (!postcodeWellFormed(postcode, country)) {
    throw new Invalid(centreWords.postcodeShape(country), 'postcode');
  }
  const from = placeOfPostcode(postcode, country);
  if (!from) throw new Invalid(centreWords.postcodeUnknown(postcode, country), 'postcode');
  const area = areaOfPostcode(postcode, country);
  const needs = await tyreNeedsOf(db, vehicles, query);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const centres = (await listCentres(db, { activeOnly: true }))
    .filter((centre) => centre.country === country)
    .map((centre) => ({ centre, km: distanceKm(from, centre) }))
    .sort((a, b) => a.km - b.km);
  const answer: NearCentres = { offered: [], leftOut: [], needs };
  for (const { centre, km } of centres) {
    if (answer.offered.length === limit) break;
    const reasons = cannotFitReasons(centre.capabilities, needs);
    if (reasons.length > 0) {
      if (answer.leftOut.length < limit) {
        answer.leftOut.push({ centre, distanceKm: round(km), reasons });
      }
      continue;
    }
    answer.offered.push({ centre, distanceKm: round(km), mobile: drivesTo(centre, area, km) });
  }
  return answer;
}
