import * as yup from 'yup';
import { formatDollars } from '@contract/lifecycleCopy';
import {
  SHIPMENT_TEXT_MAX,
  TEXT_MAX,
  TRACKING_NUMBER_PATTERN,
  WEB_URL_PATTERN,
} from '@contract/limits';
import { orderPageCopy } from '../orderPageCopy';
import { requiredNumber, requiredText } from '../../../shared/forms/formSchemas';

/**
 * The order pages' forms, checked before sending with the API's own limits (contract/limits.ts)
 * and in the store's words, so a form never sends what the API will refuse.
 */

const optionalReason = (label: string) =>
  yup.string().trim().max(TEXT_MAX.reason, orderPageCopy.reasonTooLong(label));

export const cancelSchema = yup.object({ reason: optionalReason('Reason') });
export type CancelValues = yup.InferType<typeof cancelSchema>;

export const requestReturnSchema = yup.object({
  reason: requiredText(
    orderPageCopy.requestReturn.reasonRequired,
    orderPageCopy.requestReturn.reason,
    TEXT_MAX.reason,
  ),
});

const ship = orderPageCopy.ship;
export const shipSchema = yup.object({
  carrier: requiredText(ship.carrierRequired, ship.carrier, SHIPMENT_TEXT_MAX),
  trackingNumber: yup
    .string()
    .trim()
    .required(ship.trackingNumberRequired)
    .matches(new RegExp(TRACKING_NUMBER_PATTERN), ship.trackingNumberProblem),
  trackingUrl: yup
    .string()
    .trim()
    .max(TEXT_MAX.webUrl, `Tracking link can be at most ${TEXT_MAX.webUrl} characters.`)
    .matches(new RegExp(WEB_URL_PATTERN), {
      message: ship.trackingUrlProblem,
      excludeEmptyString: true,
    }),
});

const refund = orderPageCopy.refund;
/** Whole cents: 12.5 and 12.50 are, 12.505 is not. */
const inWholeCents = (dollars: number) =>
  Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;

/**
 * The refund form in the order's currency (`money` writes its minor units): units of the line
 * returned (at most `unitsLeft`, the server working out what they cost), or else an amount of at
 * most what is left of the payment (`leftCents`); a reason either way.
 */
export const refundSchema = (
  leftCents: number,
  currency = 'USD',
  money: (minor: number) => string = formatDollars,
  unitsLeft = 0,
) =>
  yup.object({
    units: yup
      .number()
      .transform((value: number, original: unknown) => (original === '' ? 0 : value))
      .typeError(refund.unitsNotNumber)
      .integer(refund.unitsNotNumber)
      .min(0, refund.unitsNegative)
      .max(unitsLeft, refund.unitsTooMany(unitsLeft))
      .default(0),
    amount: yup.mixed().when('units', {
      is: (units: unknown) => !units,
      then: () =>
        requiredNumber(refund.amountRequired, refund.amount(currency))
          .typeError(refund.amountNotNumber(currency))
          .min(0.01, refund.amountTooSmall(money(1)))
          .max(leftCents / 100, refund.amountTooLarge(money(leftCents)))
          .test(
            'whole-cents',
            refund.wholeCents,
            (value) => value === undefined || inWholeCents(value),
          ),
      otherwise: (schema) => schema.strip(),
    }),
    reason: requiredText(refund.reasonRequired, refund.reason, TEXT_MAX.reason),
  });
