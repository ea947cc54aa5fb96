import { importReportOf } from './importReport';
import { CloneType, Type, type Static } from '@sinclair/typebox';
import { Id, NonBlank } from './common';
import { CalendarDate } from './fitting';

/**
 * Fitting centres (issue 48): the places tyres are fitted, the shop's own and partner garages,
 * each with its week, its closed days, its bays, what it can fit and, for mobile fitters, the
 * area they drive to.
 */

export const CENTRE_KINDS = ['own', 'partner'] as const;
export type CentreKind = (typeof CENTRE_KINDS)[number];

/** The countries the store sells in (the markets issue's three). */
export const CENTRE_COUNTRIES = ['US', 'GB', 'DE'] as const;
export type CentreCountry = (typeof CENTRE_COUNTRIES)[number];

export const CENTRE_LIMITS = {
  name: 120,
  street: 200,
  city: 100,
  bays: { min: 1, max: 20 },
  rim: { min: 13, max: 24 },
  closedDays: 366,
  mobilePostcodes: 500,
  radiusKm: { min: 1, max: 200 },
} as const;

const ClockTime = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
  errorMessage: { pattern: 'must be a time of day written as HH:MM, as in 08:30' },
});

/** One weekday's hours, or null when the centre is closed that weekday. */
export const DayHours = Type.Union([
  Type.Object({ opens: ClockTime, closes: ClockTime }, { additionalProperties: false }),
  Type.Null(),
]);
export type DayHours = Static<typeof DayHours>;

export const WeekHours = Type.Array(DayHours, {
  minItems: 7,
  maxItems: 7,
  title: 'Opening hours',
  description: 'Sunday first; null on a weekday it is closed',
  errorMessage: {
    minItems: 'must give the hours of each of the seven days, Sunday first',
    maxItems: 'must give the hours of each of the seven days, Sunday first',
  },
});

/** A postcode or ZIP as people write it (checked against the country by the API). */
export const Postcode = Type.String({
  minLength: 2,
  maxLength: 10,
  pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$',
  title: 'Postcode',
  errorMessage: { pattern: 'must be a postcode or ZIP, letters and digits' },
});

export const Capabilities = Type.Object(
  {
    maxRim: Type.Integer({
      minimum: CENTRE_LIMITS.rim.min,
      maximum: CENTRE_LIMITS.rim.max,
      title: 'Largest rim',
      description: 'The largest rim diameter it fits, in inches',
    }),
    runFlat: Type.Boolean({ description: 'Fits run-flat tyres' }),
    tpms: Type.Boolean({ description: 'Services tyre pressure sensors' }),
    highPerformance: Type.Boolean({ description: 'Fits high-performance (low-profile) tyres' }),
  },
  { additionalProperties: false },
);
export type Capabilities = Static<typeof Capabilities>;

/** Mobile fitting: the postcodes a fitter drives to, and/or a radius around the centre. */
export const MobileArea = Type.Union([
  Type.Object(
    {
      postcodes: Type.Array(Postcode, { maxItems: CENTRE_LIMITS.mobilePostcodes }),
      radiusKm: Type.Union([
        Type.Integer({ minimum: CENTRE_LIMITS.radiusKm.min, maximum: CENTRE_LIMITS.radiusKm.max }),
        Type.Null(),
      ]),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
export type MobileArea = Static<typeof MobileArea>;

const centreFields = {
  code: Type.String({
    pattern: '^[A-Za-z0-9][A-Za-z0-9-]{1,31}$',
    title: 'Code',
    description: "The shop's own short name for the centre: the CSV matches rows by it",
    errorMessage: { pattern: 'must be 2 to 32 letters, digits or dashes' },
  }),
  name: NonBlank(CENTRE_LIMITS.name, 'Name'),
  kind: Type.Union(
    CENTRE_KINDS.map((kind) => Type.Literal(kind)),
    { description: "own: the shop's centre; partner: a partner garage" },
  ),
  street: NonBlank(CENTRE_LIMITS.street, 'Street'),
  city: NonBlank(CENTRE_LIMITS.city, 'City'),
  postcode: Postcode,
  country: Type.Union(CENTRE_COUNTRIES.map((country) => Type.Literal(country))),
  timeZone: Type.String({
    minLength: 3,
    maxLength: 64,
    title: 'Time zone',
    description: 'IANA name, as in America/New_York: the hours are its local times',
  }),
  hours: WeekHours,
  closedDays: Type.Array(CalendarDate, {
    maxItems: CENTRE_LIMITS.closedDays,
    uniqueItems: true,
    title: 'Closed days',
  }),
  bays: Type.Integer({
    minimum: CENTRE_LIMITS.bays.min,
    maximum: CENTRE_LIMITS.bays.max,
    title: 'Bays',
    description: 'Cars it fits at the same time',
  }),
  capabilities: Capabilities,
  mobile: MobileArea,
  active: Type.Boolean({ description: 'Offered to shoppers' }),
};

/** `POST /fitting-centres`, `PUT /fitting-centres/:id`: a centre as an admin writes it. */
export const FittingCentreBody = Type.Object(centreFields, { additionalProperties: false });
export type FittingCentreBody = Static<typeof FittingCentreBody>;

export const FittingCentre = Type.Object(
  {
    _id: Id,
    ...centreFields,
    latitude: Type.Number({ description: "The centre's postcode centroid" }),
    longitude: Type.Number(),
  },
  // No $id: answers embed it more than once (a centre in each offered and left-out line).
  { title: 'FittingCentre' },
);
export type FittingCentre = Static<typeof FittingCentre>;

export const FittingCentres = Type.Array(FittingCentre, { $id: 'FittingCentres' });

/** The centres CSV's opening hours, a column a day, in the order of `hours`. */
export const CENTRE_DAY_COLUMNS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** Where a centre is and what it is called; `code` matches a row to its centre. */
const CENTRE_PLACE_COLUMNS = [
  'code',
  'name',
  'kind',
  'street',
  'city',
  'postcode',
  'country',
  'timeZone',
] as const;

/** What its bays can take, whether it also comes to the shopper, whether it takes bookings. */
const CENTRE_SERVICE_COLUMNS = [
  'bays',
  'maxRim',
  'runFlat',
  'tpms',
  'highPerformance',
  'mobilePostcodes',
  'mobileRadiusKm',
  'active',
] as const;

/** The fitting centres CSV: one row a centre. */
export const CENTRE_COLUMNS = [
  ...CENTRE_PLACE_COLUMNS,
  ...CENTRE_DAY_COLUMNS,
  'closedDays',
  ...CENTRE_SERVICE_COLUMNS,
] as const;
export type CentreColumn = (typeof CENTRE_COLUMNS)[number];
export const CENTRE_REQUIRED: readonly CentreColumn[] = [
  'code',
  'name',
  'street',
  'city',
  'postcode',
  'country',
  'bays',
  'maxRim',
];

export const RejectedCentre = Type.Object({
  line: Type.Integer({ minimum: 2 }),
  code: Type.Union([Type.String(), Type.Null()], { description: 'The code the row names, if any' }),
  message: Type.String(),
});
export type RejectedCentre = Static<typeof RejectedCentre>;

/** What a centres import did, or (dry run) would do. */
export const CentreImportReport = importReportOf('CentreImportReport', RejectedCentre, {});
export type CentreImportReport = Static<typeof CentreImportReport>;

/** What the chosen tyres need of a centre. */
export const TyreNeeds = Type.Object({
  rim: Type.Optional(
    Type.Integer({ minimum: 10, maximum: 30, description: 'The largest rim of the tyres' }),
  ),
  runFlat: Type.Optional(Type.Boolean()),
  tpms: Type.Optional(Type.Boolean({ description: 'The car has tyre pressure sensors' })),
  highPerformance: Type.Optional(Type.Boolean()),
});
export type TyreNeeds = Static<typeof TyreNeeds>;

/** `GET /fitting-centres/near`: centres by distance from a postcode, for the chosen tyres. */
export const NearQuery = Type.Object(
  {
    postcode: CloneType(Postcode, { examples: ['10001'] }),
    country: Type.Union(
      CENTRE_COUNTRIES.map((country) => Type.Literal(country)),
      { examples: ['US'] },
    ),
    ...TyreNeeds.properties,
    products: Type.Optional(
      Type.String({
        pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,49}$',
        description:
          'The tyres to fit, comma-separated product ids: their largest rim and run-flat count as needs',
        errorMessage: { pattern: 'must be product ids separated by commas' },
      }),
    ),
    vehicle: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'The car (GET /vehicles): its rims, run-flat and TPMS count as needs',
        errorMessage: { format: 'is not one the store uses' },
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  },
  { additionalProperties: false },
);
export type NearQuery = Static<typeof NearQuery>;

export const NearCentre = Type.Object({
  centre: FittingCentre,
  distanceKm: Type.Number({ description: 'From the postcode centroid, as the crow flies' }),
  mobile: Type.Boolean({ description: 'Its mobile fitters come to this postcode' }),
});

export const LeftOutCentre = Type.Object({
  centre: FittingCentre,
  distanceKm: Type.Number(),
  reasons: Type.Array(Type.String(), { description: 'Why it cannot fit these tyres, in words' }),
});

export const NearCentres = Type.Object(
  {
    offered: Type.Array(NearCentre, { description: 'Nearest first' }),
    leftOut: Type.Array(LeftOutCentre, {
      description: 'Centres as near that cannot fit the chosen tyres, each with why',
    }),
    needs: Type.Object(TyreNeeds.properties, {
      description:
        'What the centres were checked for: the query, the products and the car together',
    }),
  },
  { $id: 'NearCentres' },
);
export type NearCentres = Static<typeof NearCentres>;
