import type {
  Capabilities,
  CentreCountry,
  DayHours,
  FittingCentreBody,
  MobileArea,
  TyreNeeds,
} from '../../../contract/fittingCentres';
import { centreWords } from './centreWords';
import { placeOfPostcode, postcodeWellFormed, type Place } from './postcodes';

/** What a centre must be beyond its schema, and what it can fit. */

/** Minutes after midnight of an `HH:MM` time. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The first problem of a centre's hours, time zone or postcodes, with the field it is in. */
export function centreProblem(
  centre: Pick<FittingCentreBody, 'hours' | 'timeZone' | 'postcode' | 'country' | 'mobile'>,
): { message: string; field: string } | null {
  const badDay = centre.hours.findIndex(
    (day: DayHours) => day !== null && minutesOf(day.closes) <= minutesOf(day.opens),
  );
  if (badDay >= 0) return { message: centreWords.hoursOrder(badDay), field: 'hours' };
  if (!validTimeZone(centre.timeZone)) {
    return { message: centreWords.timeZone(centre.timeZone), field: 'timeZone' };
  }
  if (!postcodeWellFormed(centre.postcode, centre.country)) {
    return { message: centreWords.postcodeShape(centre.country), field: 'postcode' };
  }
  if (!placeOfPostcode(centre.postcode, centre.country)) {
    return {
      message: centreWords.postcodeUnknown(centre.postcode, centre.country),
      field: 'postcode',
    };
  }
  const strange = mobileProblem(centre.mobile, centre.country);
  return strange ? { message: strange, field: 'mobile' } : null;
}

function mobileProblem(mobile: MobileArea, country: CentreCountry): string | null {
  for (const postcode of mobile?.postcodes ?? []) {
    if (!postcodeWellFormed(postcode, country))
      return centreWords.mobilePostcode(postcode, country);
  }
  return null;
}

/** Where a centre is: its postcode's centroid (checked known by centreProblem). */
export function placeOfCentre(centre: Pick<FittingCentreBody, 'postcode' | 'country'>): Place {
  const place = placeOfPostcode(centre.postcode, centre.country);
  if (!place) throw new Error(`No centroid for ${centre.country} ${centre.postcode}`);
  return place;
}

/** Why a centre cannot fit tyres with these needs, in the shopper's words; empty when it can. */
export function cannotFitReasons(can: Capabilities, needs: TyreNeeds): string[] {
  const words = centreWords.cannotFit;
  const reasons: string[] = [];
  if (needs.rim !== undefined && needs.rim > can.maxRim)
    reasons.push(words.rim(can.maxRim, needs.rim));
  if (needs.runFlat && !can.runFlat) reasons.push(words.runFlat);
  if (needs.tpms && !can.tpms) reasons.push(words.tpms);
  if (needs.highPerformance && !can.highPerformance) reasons.push(words.highPerformance);
  return reasons;
}
