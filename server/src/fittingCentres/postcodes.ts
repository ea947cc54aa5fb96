import type { CentreCountry } from '../../../contract/fittingCentres';
import { DE_AREAS, GB_DISTRICTS } from './postcodeData';

/**
 * Where a postcode is, without a network call: a US ZIP's centroid from the `zipcodes` package
 * (loaded on first use: its table is a few megabytes), a UK or German postcode's from the
 * store's own table (postcodeData.ts). Null for a postcode not known.
 */

export interface Place {
  latitude: number;
  longitude: number;
}

type ZipLookup = (
  zip: string,
) => { latitude: number; longitude: number; state: string } | undefined;
let zipLookup: ZipLookup | null = null;

function lookUpZip(zip: string) {
  // Loaded on first use: most processes never search by ZIP.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  zipLookup ??= (require('zipcodes') as { lookup: ZipLookup }).lookup;
  return zipLookup(zip);
}

function usZip(zip: string): Place | null {
  const found = lookUpZip(zip);
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}

/** The state (CA, NY, …) a US ZIP is in; null for one not known. */
export function stateOfZip(zip: string): string | null {
  if (!postcodeWellFormed(zip, 'US')) return null;
  return lookUpZip(normalPostcode(zip, 'US'))?.state ?? null;
}

/** A postcode as the store keeps it: upper case, single spaces, ZIP+4 cut to the ZIP. */
export function normalPostcode(postcode: string, country: CentreCountry): string {
  const text = postcode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country === 'US') return text.replace(/^(\d{5})-\d{4}$/, '$1');
  if (country === 'GB') {
    const compact = text.replace(/ /g, '');
    // The inward code is always the last three characters (digit, letter, letter).
    return /^[A-Z0-9]{2,4}\d[A-Z]{2}$/.test(compact)
      ? `${compact.slice(0, -3)} ${compact.slice(-3)}`
      : compact;
  }
  return text;
}

/** Whether a postcode is written as its country writes them. */
export function postcodeWellFormed(postcode: string, country: CentreCountry): boolean {
  const text = normalPostcode(postcode, country);
  if (country === 'US') return /^\d{5}$/.test(text);
  if (country === 'DE') return /^\d{5}$/.test(text);
  // A full postcode (SW1A 1AA) or its district alone (SW1A).
  return /^[A-Z]{1,2}\d[A-Z\d]?( \d[A-Z]{2})?$/.test(text);
}

/** The UK district of a postcode: its outward code. */
const gbDistrict = (normal: string) => normal.split(' ')[0]!;

export function placeOfPostcode(postcode: string, country: CentreCountry): Place | null {
  if (!postcodeWellFormed(postcode, country)) return null;
  const text = normalPostcode(postcode, country);
  const at = (pair: readonly [number, number] | undefined) =>
    pair ? { latitude: pair[0], longitude: pair[1] } : null;
  switch (country) {
    case 'US':
      return usZip(text);
    case 'GB':
      return at(GB_DISTRICTS[gbDistrict(text)]);
    case 'DE':
      return at(DE_AREAS[text.slice(0, 3)]);
  }
}

/** The part of a postcode a mobile fitter's list names: a US ZIP, a UK district, a German PLZ. */
export function areaOfPostcode(postcode: string, country: CentreCountry): string {
  const text = normalPostcode(postcode, country);
  return country === 'GB' ? gbDistrict(text) : text;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Place, b: Place): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}
