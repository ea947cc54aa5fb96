import { WEEKDAY_NAMES } from '../../../contract/fitting';
import { CENTRE_LIMITS, type CentreCountry } from '../../../contract/fittingCentres';

/** The fitting centres' refusals and reasons, in the admin's and the shopper's words. */

const COUNTRY_NAMES: Record<CentreCountry, string> = {
  US: 'the United States',
  GB: 'the United Kingdom',
  DE: 'Germany',
};

const POSTCODE_SHAPES: Record<CentreCountry, string> = {
  US: 'a five-digit ZIP, as in 10001',
  GB: 'a UK postcode, as in SW1A 1AA',
  DE: 'a five-digit Postleitzahl, as in 10115',
};

export const centreWords = {
  notFound: 'There is no such fitting centre.',
  codeTaken: (code: string) => `Another fitting centre has the code ${code}.`,
  hoursOrder: (weekday: number) =>
    `${WEEKDAY_NAMES[weekday]}: the closing time must be after the opening time.`,
  timeZone: (zone: string) =>
    `${zone} is not a time zone name: write one like America/New_York or Europe/Berlin.`,
  postcodeShape: (country: CentreCountry) =>
    `The postcode must be ${POSTCODE_SHAPES[country]} in ${COUNTRY_NAMES[country]}.`,
  postcodeUnknown: (postcode: string, country: CentreCountry) =>
    `We do not know where ${postcode} is in ${COUNTRY_NAMES[country]}: check the postcode.`,
  mobilePostcode: (postcode: string, country: CentreCountry) =>
    `The mobile area's postcode ${postcode} is not ${POSTCODE_SHAPES[country]}.`,
  hasAppointments:
    'This centre has appointments: make it inactive instead, so shoppers are no longer offered it.',
  cannotFit: {
    rim: (maxRim: number, rim: number) =>
      `It fits rims up to ${maxRim} inches; these tyres are for ${rim}-inch rims.`,
    runFlat: 'It does not fit run-flat tyres.',
    tpms: 'It does not service tyre pressure sensors (TPMS).',
    highPerformance: 'It does not fit high-performance tyres.',
  },
  csv: {
    yesNo: (column: string) => `${column} must be yes or no.`,
    number: (column: string, min: number, max: number) =>
      `${column} must be a whole number from ${min} to ${max}.`,
    dayHours: (day: string) =>
      `${day} must be opening hours written as 08:00-18:00, or closed (or empty).`,
    closedDay: (text: string) =>
      `closedDays: ${text} is not a day written as YYYY-MM-DD (separate days with spaces or ;).`,
    kind: 'kind must be own or partner.',
    country: 'country must be US, GB or DE.',
    required: (column: string) => `${column} is required.`,
    tooLong: (column: string, max: number) => `${column} must be at most ${max} characters.`,
    code: 'code must be 2 to 32 letters, digits or dashes.',
    duplicate: (line: number) => `This centre is on line ${line} already.`,
    radius: `mobileRadiusKm must be a whole number from ${CENTRE_LIMITS.radiusKm.min} to ${CENTRE_LIMITS.radiusKm.max}, or empty.`,
  },
};
