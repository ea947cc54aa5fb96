import * as yup from 'yup';
import { PHONE_PATTERN, PHONE_PROBLEM, TEXT_MAX } from '@contract/limits';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import type { Job } from '@contract/appointments';
import {
  emptyAppointmentFields,
  type AppointmentFields,
} from '../../../shared/appointments/appointmentChoice';
import type { CheckoutDetails } from './bagCheckoutMachine';

/** What the details form holds, as typed; a fitting centre's fields (issue 48) among them. */
export interface DetailsValues extends AppointmentFields {
  name: string;
  address: string;
  number: string;
  /** fitting: a day at the shop; centre: a fitting centre at a time. */
  how: 'delivery' | 'fitting' | 'centre';
  /** The chosen fitting day, `YYYY-MM-DD`; '' for none. */
  fitting: string;
  /** A guest's email (issue 47); '' for a signed-in shopper. */
  email: string;
  /** The address's country (its market prices the checkout); '' for the spec's dollar prices. */
  country: '' | 'US' | 'DE' | 'GB';
  /** The US state's two letters; '' for none. */
  region: string;
  /** Discount codes that apply (issue 49: PromotionCodes checks them first). */
  codes: string[];
}

export const emptyDetails: DetailsValues = {
  ...emptyAppointmentFields,
  name: '',
  address: '',
  number: '',
  how: 'delivery',
  fitting: '',
  email: '',
  country: '',
  region: '',
  codes: [],
};

const labels = copy.order.fields;

/** shared/forms/formSchemas' requiredText, the same words: that module brings the picture checks along. */
const requiredText = (required: string, label: string, max: number) =>
  yup.string().trim().required(required).max(max, checkoutCopy.order.tooLong(label, max));
const words = checkoutCopy.bagCheckout;

/**
 * The order modal's rules and messages (the same limits, the API's words), plus the name the
 * modal takes from the account and a fitting day when fitting is chosen.
 */
export const detailsSchema = yup.object({
  name: requiredText(words.nameRequired, labels.name, TEXT_MAX.personName),
  address: requiredText(copy.order.addressRequired, labels.address, TEXT_MAX.address),
  number: yup
    .string()
    .trim()
    .required(copy.order.phoneRequired)
    .matches(
      new RegExp(PHONE_PATTERN),
      checkoutCopy.order.fieldProblem(labels.phone, PHONE_PROBLEM),
    ),
  how: yup.string().oneOf(['delivery', 'fitting', 'centre']).required(),
  fitting: yup.string().when('how', {
    is: 'fitting',
    then: (day) => day.required(words.fittingDayRequired),
  }),
  centreId: yup.string().when('how', {
    is: 'centre',
    then: (centre) => centre.required(words.centreRequired),
  }),
  startsAt: yup.string().when('how', {
    is: 'centre',
    then: (time) => time.required(words.timeRequired),
  }),
  car: yup.string().max(120, checkoutCopy.order.tooLong('Car', 120)),
  country: yup.string().oneOf(['', 'US', 'DE', 'GB']),
  region: yup.string().when('country', {
    is: 'US',
    then: (state) =>
      state
        .trim()
        .required(words.stateRequired)
        .matches(/^[A-Za-z]{2}$/, words.stateRequired),
  }),
});

/** A guest's form: the same, and the email the order and its link go to. */
export const guestDetailsSchema = detailsSchema.shape({
  email: yup.string().trim().required(words.emailRequired).email(words.emailInvalid),
});

/**
 * What `POST /checkout` is sent: trimmed, a day only for fitting at the shop, an appointment
 * only for a centre (its job made by the bag), an email only from a guest.
 */
export function detailsBody(values: DetailsValues, job: Job = 'four'): CheckoutDetails {
  const email = values.email.trim();
  const car = values.car.trim();
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    number: values.number.trim(),
    fitting: values.how === 'fitting' ? values.fitting : null,
    ...(values.how === 'centre'
      ? {
          appointment: {
            centreId: values.centreId,
            startsAt: values.startsAt,
            job,
            ...(values.tpms ? { tpms: true } : {}),
            ...(car ? { car } : {}),
          },
        }
      : {}),
    ...(email ? { email } : {}),
    ...(values.country ? { country: values.country } : {}),
    ...(values.country === 'US' ? { region: values.region.trim().toUpperCase() } : {}),
    ...(values.country && values.codes.length > 0 ? { codes: values.codes } : {}),
  };
}

/** The form again from what was sent (back from a refusal). */
export function detailsValues(details: CheckoutDetails): DetailsValues {
  const appointment = details.appointment;
  return {
    ...emptyAppointmentFields,
    ...(appointment
      ? {
          centreId: appointment.centreId,
          startsAt: appointment.startsAt,
          tpms: appointment.tpms ?? false,
          car: appointment.car ?? '',
        }
      : {}),
    name: details.name,
    address: details.address,
    number: details.number,
    how: appointment ? 'centre' : details.fitting ? 'fitting' : 'delivery',
    fitting: details.fitting ?? '',
    email: details.email ?? '',
    country: (details.country ?? '') as DetailsValues['country'],
    region: details.region ?? '',
    codes: details.codes ?? [],
  };
}
