import * as yup from 'yup';
import type { FittingCentre, FittingCentreBody } from '@contract/fittingCentres';
import { centresCopy } from './centresCopy';

const words = centresCopy.form;

/** One weekday as the form holds it: open or not, and its hours. */
export interface DayValues {
  open: boolean;
  opens: string;
  closes: string;
}

/** A centre as the form holds it: lists as text, numbers as typed. */
export interface CentreValues {
  code: string;
  name: string;
  kind: 'own' | 'partner';
  street: string;
  city: string;
  postcode: string;
  country: 'US' | 'GB' | 'DE';
  timeZone: string;
  hours: DayValues[];
  /** Dates separated by spaces, commas or new lines. */
  closedDays: string;
  bays: string;
  maxRim: string;
  runFlat: boolean;
  tpms: boolean;
  highPerformance: boolean;
  /** Postcodes separated by commas or new lines; empty with no radius: no mobile fitting. */
  mobilePostcodes: string;
  mobileRadiusKm: string;
  active: boolean;
}

const ZONES: Record<CentreValues['country'], string> = {
  US: 'America/New_York',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
};

export const newCentre: CentreValues = {
  code: '',
  name: '',
  kind: 'own',
  street: '',
  city: '',
  postcode: '',
  country: 'US',
  timeZone: ZONES.US,
  // Sunday first: closed on Sundays, 08:00–18:00 on weekdays, 09:00–14:00 on Saturdays.
  hours: [
    { open: false, opens: '09:00', closes: '14:00' },
    ...Array.from({ length: 5 }, () => ({ open: true, opens: '08:00', closes: '18:00' })),
    { open: true, opens: '09:00', closes: '14:00' },
  ],
  closedDays: '',
  bays: '2',
  maxRim: '19',
  runFlat: false,
  tpms: true,
  highPerformance: false,
  mobilePostcodes: '',
  mobileRadiusKm: '',
  active: true,
};

const list = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);

export function centreValues(centre: FittingCentre): CentreValues {
  return {
    code: centre.code,
    name: centre.name,
    kind: centre.kind,
    street: centre.street,
    city: centre.city,
    postcode: centre.postcode,
    country: centre.country,
    timeZone: centre.timeZone,
    hours: centre.hours.map((day) =>
      day
        ? { open: true, opens: day.opens, closes: day.closes }
        : { open: false, opens: '09:00', closes: '17:00' },
    ),
    closedDays: centre.closedDays.join('\n'),
    bays: String(centre.bays),
    maxRim: String(centre.capabilities.maxRim),
    runFlat: centre.capabilities.runFlat,
    tpms: centre.capabilities.tpms,
    highPerformance: centre.capabilities.highPerformance,
    mobilePostcodes: centre.mobile?.postcodes.join(', ') ?? '',
    mobileRadiusKm: centre.mobile?.radiusKm ? String(centre.mobile.radiusKm) : '',
    active: centre.active,
  };
}

export function centreBody(values: CentreValues): FittingCentreBody {
  const postcodes = values.mobilePostcodes
    .split(/[,;\n]+/)
    .map((code) => code.trim())
    .filter(Boolean);
  const radius = values.mobileRadiusKm.trim() ? Number(values.mobileRadiusKm) : null;
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    kind: values.kind,
    street: values.street.trim(),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    country: values.country,
    timeZone: values.timeZone.trim(),
    hours: values.hours.map((day) => (day.open ? { opens: day.opens, closes: day.closes } : null)),
    closedDays: [...new Set(list(values.closedDays))].sort(),
    bays: Number(values.bays),
    capabilities: {
      maxRim: Number(values.maxRim),
      runFlat: values.runFlat,
      tpms: values.tpms,
      highPerformance: values.highPerformance,
    },
    mobile: postcodes.length > 0 || radius !== null ? { postcodes, radiusKm: radius } : null,
    active: values.active,
  };
}

const whole = (min: number, max: number, label: string) =>
  yup
    .string()
    .required(words.required(label))
    .matches(/^\d+$/, words.range(label, min, max))
    .test('range', words.range(label, min, max), (text) => {
      const n = Number(text);
      return n >= min && n <= max;
    });

/** What the form checks before the API does (the API checks the postcode and time zone too). */
export const centreSchema = yup.object({
  code: yup
    .string()
    .required(words.required('Code'))
    .matches(/^[A-Za-z0-9][A-Za-z0-9-]{1,31}$/, words.codeShape),
  name: yup.string().trim().required(words.required('Name')).max(120),
  street: yup.string().trim().required(words.required('Street')).max(200),
  city: yup.string().trim().required(words.required('City')).max(100),
  postcode: yup.string().trim().required(words.required('Postcode')).max(10),
  timeZone: yup.string().trim().required(words.required('Time zone')),
  hours: yup.array().of(
    yup.object({
      open: yup.boolean(),
      opens: yup.string(),
      closes: yup.string().test('after', words.closesAfterOpens, function closesAfter(closes) {
        const { open, opens } = this.parent as DayValues;
        return !open || (closes ?? '') > opens;
      }),
    }),
  ),
  closedDays: yup
    .string()
    .test('dates', words.dates, (text) =>
      list(text ?? '').every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day)),
    ),
  bays: whole(1, 20, 'Bays'),
  maxRim: whole(13, 24, 'Largest rim'),
  mobileRadiusKm: yup.string().test('radius', words.range('Radius', 1, 200), (text) => {
    if (!text?.trim()) return true;
    const n = Number(text);
    return Number.isInteger(n) && n >= 1 && n <= 200;
  }),
});

export { ZONES as zoneOfCountry };
