import * as yup from 'yup';
import { imageFileProblem } from '../pictures/imageUpload';

/**
 * Yup pieces the dashboard forms share. Required messages are the spec's (from copy.ts);
 * the other rules mirror what the API accepts, so a form never sends what will be refused.
 */

/** Typed text: trimmed (blank counts as empty), required, at most `max` characters. */
export const requiredText = (required: string, label: string, max: number) =>
  yup.string().trim().required(required).max(max, `${label} can be at most ${max} characters.`);

/**
 * The longest text each text field of `schema` takes (its `max`, from requiredText): the
 * inputs' maxLength, so a form's inputs and its checks cannot disagree.
 */
export function maxLengthsOf(schema: yup.AnyObjectSchema): Partial<Record<string, number>> {
  const lengths: Partial<Record<string, number>> = {};
  for (const [name, field] of Object.entries(schema.describe().fields)) {
    if (!('tests' in field) || field.type !== 'string') continue;
    const max = field.tests.find((test) => test.name === 'max')?.params?.max;
    if (typeof max === 'number') lengths[name] = max;
  }
  return lengths;
}

/** A number box: Formik gives '' for an empty one, which must read as "required", not NaN. */
export const requiredNumber = (required: string, label: string) =>
  yup
    .number()
    .transform((value: number, original: unknown) =>
      original === '' || original === null ? undefined : value,
    )
    .typeError(`${label} must be a number.`)
    .required(required);

/** A whole number from `min` to `max`. */
export const requiredCount = (required: string, label: string, min: number, max: number) =>
  requiredNumber(required, label)
    .integer(`${label} must be a whole number.`)
    .min(min, `${label} must be ${min} or more.`)
    .max(max, `${label} can be at most ${max.toLocaleString('en-US')}.`);

/** A chosen picture, if any, of a type and size the API takes. */
export const optionalImage = () =>
  yup
    .mixed<File>()
    .nullable()
    .test('image-file', (file, context) => {
      const problem = file ? imageFileProblem(file) : null;
      return problem ? context.createError({ message: problem }) : true;
    });

/** The picture a form needs: required with the spec's message, and one the API takes. */
export const requiredImage = (required: string) => optionalImage().required(required);
