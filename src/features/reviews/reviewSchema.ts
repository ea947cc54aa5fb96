import * as yup from 'yup';
import { RATINGS, TEXT_MAX } from '@contract/limits';
import { copy } from '@contract/copy';
import {
  CAR_YEAR_PROBLEM,
  distanceLimitsIn,
  DISTANCE_UNIT_WORDS,
  REVIEW_CAR,
  REVIEW_DRIVING_LABELS,
  type DistanceUnit,
} from '@contract/reviewDriving';
import { requiredCount, requiredImage, requiredText } from '../../shared/forms/formSchemas';

export interface ReviewValues {
  name: string;
  description: string;
  /** '' while the number box is empty. */
  Ratings: number | '';
  address: string;
  image: File | null;
  /** The reviewer's car, optional: all three or none. */
  carMake: string;
  carModel: string;
  carYear: number | '';
  /** How far the tyres were driven, in the shopper's unit; '' when not given. */
  distance: number | '';
}

const labels = copy.review.fields;
const driving = REVIEW_DRIVING_LABELS;

/** Said under the car's field left empty while another of the three is given. */
export const carWhole = (label: string) =>
  `${label} is needed too, or leave make, model and year empty.`;

const given = (value: unknown) => value !== '' && value !== undefined && value !== null;

/** A car field: optional, but needed once another of the three is given. */
const carPart = <S extends yup.Schema>(schema: S, label: string, others: [string, string]) =>
  schema.test('car-whole', carWhole(label), (value, context) => {
    const parent = context.parent as Record<string, unknown>;
    return given(value) || !others.some((other) => given(parent[other]));
  });

/** 124,274 but 2016: a year reads without a separator. */
const amount = (n: number) => (n >= 10_000 ? n.toLocaleString('en-US') : String(n));

const optionalCount = (label: string, min: number, max: number, unit = '') =>
  yup
    .number()
    .transform((value: number, original: unknown) =>
      original === '' || original === null ? undefined : value,
    )
    .typeError(`${label} must be a number.`)
    .integer(`${label} must be a whole number.`)
    .min(min, `${label} must be ${amount(min)}${unit} or more.`)
    .max(max, `${label} can be at most ${amount(max)}${unit}.`);

/**
 * The spec's fields all required with the spec's messages; Ratings a whole number from 1 to 5,
 * as the API takes. The car and the distance driven (in `unit`) are optional, within the
 * contract's limits.
 */
export function reviewSchema(unit: DistanceUnit) {
  const distance = distanceLimitsIn(unit);
  const textMax = (label: string) =>
    yup
      .string()
      .trim()
      .max(REVIEW_CAR.textMax, `${label} can be at most ${REVIEW_CAR.textMax} characters.`);
  return yup.object({
    name: requiredText(copy.review.nameRequired, labels.name, TEXT_MAX.personName),
    description: requiredText(
      copy.review.descriptionRequired,
      labels.description,
      TEXT_MAX.description,
    ),
    Ratings: requiredCount(copy.review.ratingsRequired, labels.ratings, RATINGS.min, RATINGS.max),
    address: requiredText(copy.review.addressRequired, labels.address, TEXT_MAX.address),
    image: requiredImage(copy.review.imageRequired),
    carMake: carPart(textMax(driving.carMake), driving.carMake, ['carModel', 'carYear']),
    carModel: carPart(textMax(driving.carModel), driving.carModel, ['carMake', 'carYear']),
    carYear: carPart(
      optionalCount(driving.carYear, REVIEW_CAR.years.min, REVIEW_CAR.years.max)
        .min(REVIEW_CAR.years.min, `${driving.carYear} ${CAR_YEAR_PROBLEM}.`)
        .max(REVIEW_CAR.years.max, `${driving.carYear} ${CAR_YEAR_PROBLEM}.`),
      driving.carYear,
      ['carMake', 'carModel'],
    ),
    distance: optionalCount(
      driving.distanceShort,
      distance.min,
      distance.max,
      ` ${DISTANCE_UNIT_WORDS[unit]}`,
    ),
  });
}
