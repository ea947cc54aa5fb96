import type { DayHours, FittingCentreBody } from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import { hasCentres, upsertCentres } from './centreTable';

/** The demo store's fitting centres: a handful in each market's seeded region. */

const day = (opens: string, closes: string): DayHours => ({ opens, closes });
const WEEKDAYS_AND_SATURDAY: DayHours[] = [
  null,
  day('08:00', '18:00'),
  day('08:00', '18:00'),
  day('08:00', '18:00'),
  day('08:00', '18:00'),
  day('08:00', '18:00'),
  day('09:00', '14:00'),
];
const WEEKDAYS_ONLY: DayHours[] = [...WEEKDAYS_AND_SATURDAY.slice(0, 6), null];

const all = { maxRim: 22, runFlat: true, tpms: true, highPerformance: true };
const basic = { maxRim: 18, runFlat: false, tpms: true, highPerformance: false };

export const seedCentres: FittingCentreBody[] = [
  {
    code: 'NYC-MIDTOWN',
    name: 'Tyre Store Midtown',
    kind: 'own',
    street: '350 W 31st St',
    city: 'New York, NY',
    postcode: '10001',
    country: 'US',
    timeZone: 'America/New_York',
    hours: WEEKDAYS_AND_SATURDAY,
    closedDays: [],
    bays: 4,
    capabilities: all,
    mobile: { postcodes: [], radiusKm: 15 },
    active: true,
  },
  {
    code: 'NYC-BROOKLYN',
    name: 'Atlantic Avenue Garage',
    kind: 'partner',
    street: '140 Atlantic Ave',
    city: 'Brooklyn, NY',
    postcode: '11201',
    country: 'US',
    timeZone: 'America/New_York',
    hours: WEEKDAYS_ONLY,
    closedDays: [],
    bays: 2,
    capabilities: basic,
    mobile: null,
    active: true,
  },
  {
    code: 'CHI-LOOP',
    name: 'Tyre Store Chicago Loop',
    kind: 'own',
    street: '150 N Michigan Ave',
    city: 'Chicago, IL',
    postcode: '60601',
    country: 'US',
    timeZone: 'America/Chicago',
    hours: WEEKDAYS_AND_SATURDAY,
    closedDays: [],
    bays: 5,
    capabilities: { ...all, maxRim: 20 },
    mobile: null,
    active: true,
  },
  {
    code: 'LA-DOWNTOWN',
    name: 'Downtown Wheels & Tyres',
    kind: 'partner',
    street: '800 N Alameda St',
    city: 'Los Angeles, CA',
    postcode: '90012',
    country: 'US',
    timeZone: 'America/Los_Angeles',
    hours: WEEKDAYS_AND_SATURDAY,
    closedDays: [],
    bays: 3,
    capabilities: { ...basic, maxRim: 20, highPerformance: true },
    mobile: null,
    active: true,
  },
  {
    code: 'LDN-SOUTHWARK',
    name: 'Southwark Tyre Centre',
    kind: 'own',
    street: '12 Borough High St',
    city: 'London',
    postcode: 'SE1 9QQ',
    country: 'GB',
    timeZone: 'Europe/London',
    hours: WEEKDAYS_AND_SATURDAY,
    closedDays: [],
    bays: 4,
    capabilities: all,
    mobile: { postcodes: ['SE1', 'SW1', 'EC1', 'WC2'], radiusKm: null },
    active: true,
  },
  {
    code: 'MAN-CENTRAL',
    name: 'Manchester Fast Fit',
    kind: 'partner',
    street: '20 Piccadilly',
    city: 'Manchester',
    postcode: 'M1 1RG',
    country: 'GB',
    timeZone: 'Europe/London',
    hours: WEEKDAYS_ONLY,
    closedDays: [],
    bays: 2,
    capabilities: basic,
    mobile: null,
    active: true,
  },
  {
    code: 'BER-MITTE',
    name: 'Reifenservice Berlin Mitte',
    kind: 'own',
    street: 'Invalidenstraße 50',
    city: 'Berlin',
    postcode: '10115',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    hours: WEEKDAYS_AND_SATURDAY,
    closedDays: [],
    bays: 5,
    capabilities: all,
    mobile: null,
    active: true,
  },
  {
    code: 'MUC-ZENTRUM',
    name: 'Reifen Partner München',
    kind: 'partner',
    street: 'Sendlinger Straße 10',
    city: 'München',
    postcode: '80331',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    hours: WEEKDAYS_ONLY,
    closedDays: [],
    bays: 3,
    capabilities: { ...basic, runFlat: true },
    mobile: null,
    active: true,
  },
];

/** Loads the demo centres when none is stored. */
export async function seedCentresIfNone(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await hasCentres(tx)) return false;
    await upsertCentres(tx, seedCentres);
    return true;
  });
}
