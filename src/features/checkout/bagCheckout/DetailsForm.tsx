import { useFormik } from 'formik';
import { lazy, Suspense, useCallback, useEffect, useRef, type ChangeEvent } from 'react';
import { useMarketCode } from '../../../shared/markets/marketChoice';
import styled from 'styled-components';
import { TEXT_MAX } from '@contract/limits';
import { checkoutCopy } from '@contract/checkoutCopy';
import { FITTING_HOLD_SECONDS, MAX_UNPAID_FITTINGS } from '@contract/fittingLimits';
import { GUEST_HOLD_SECONDS } from '@contract/guestLimits';
import { copy } from '@contract/copy';
import { Button } from '../../../ui/Button';
import { FieldHint, SelectField, TextField } from '../../../ui/Field';
import { FieldRow, FormActions } from '../../../ui/Form';
import { fieldError } from '../../../shared/forms/formik';
import { Spinner } from '../../../ui/Spinner';
import { panelSurface } from '../../../ui/surface';
import { useFocusFirstInvalid } from '../../../ui/useFocusFirstInvalid';
import { jobOf, type AppointmentFields } from '../../../shared/appointments/appointmentChoice';
import { retryImport } from '../../../shared/loading/retryImport';
import { bagCar } from '../../../shared/vehicles/bagCar';
import type { CheckoutDetails } from './bagCheckoutMachine';
import {
  detailsBody,
  detailsSchema,
  detailsValues,
  emptyDetails,
  guestDetailsSchema,
  type DetailsValues,
} from './detailsSchema';
import { PromotionCodesSlot } from '../../../shared/promotions/PromotionCodesSlot';
import type { Prefill } from './usePrefill';

const words = checkoutCopy.bagCheckout;
const labels = copy.order.fields;

/** The fitting days load only when fitting at the shop is chosen. */
const FittingDayPicker = lazy(
  retryImport(() =>
    import(/* webpackChunkName: "fitting-days" */ './FittingDayPicker').then((module) => ({
      default: module.FittingDayPicker,
    })),
  ),
);

/** Finding a centre and its times loads only when fitting at a centre is chosen. */
const AppointmentChooser = lazy(
  retryImport(
    () =>
      import(
        /* webpackChunkName: "appointment-chooser" */ '../../../shared/appointments/AppointmentChooser'
      ),
  ),
);

const Panel = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  > * {
    min-width: 0;
  }
`;

const Choice = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    margin-bottom: ${({ theme }) => theme.space.sm};
    padding: 0;
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    min-height: 44px;
    font-weight: 600;
  }
  input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
  }
`;

type Typed = 'name' | 'address' | 'number' | 'email';

/**
 * Name, address and phone (the order modal's rules), and delivery, fitting on a day, or fitting
 * at a centre at a time. The account's details fill the empty fields once they arrive, never a
 * field the shopper changed.
 */
export function DetailsForm({
  initial,
  prefill,
  busy,
  askEmail = false,
  lines,
  onSubmit,
}: {
  initial: CheckoutDetails | null;
  prefill: Prefill | null;
  busy: boolean;
  /** A guest's checkout: the email the orders and their link go to. */
  askEmail?: boolean;
  /** The bag's lines: the tyres a centre must fit, and the job they make. */
  lines: ReadonlyArray<{ productId: string; quantity: number }>;
  onSubmit: (details: CheckoutDetails) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const edited = useRef(new Set<Typed>());
  const market = useMarketCode();
  const form = useFormik<DetailsValues>({
    // A shopper of Germany or the UK starts in their market; the US one with the spec's prices.
    initialValues: initial
      ? detailsValues(initial)
      : { ...emptyDetails, country: market === 'DE' || market === 'GB' ? market : '' },
    validationSchema: askEmail ? guestDetailsSchema : detailsSchema,
    onSubmit: (values) => onSubmit(detailsBody(values, jobOf(lines))),
  });
  useFocusFirstInvalid(formRef, form);

  const { setFieldValue, setStatus } = form;
  const values = form.values;
  const setAppointment = useCallback(
    (patch: Partial<AppointmentFields>) => {
      for (const [field, value] of Object.entries(patch)) void setFieldValue(field, value);
    },
    [setFieldValue],
  );
  const shownError = (field: 'centreId' | 'startsAt') =>
    form.submitCount > 0 || form.touched[field] ? (form.errors[field] ?? null) : null;
  useEffect(() => {
    if (!prefill || initial) return;
    for (const field of ['name', 'address', 'number'] as const) {
      const value = prefill[field];
      if (value && values[field] === '' && !edited.current.has(field)) {
        void setFieldValue(field, value, false);
        // Said above the fields (Formik's status: what the form says about itself).
        if (prefill.fromRecords) setStatus({ prefilled: true });
      }
    }
    // Once, when the account's details arrive: not again as the shopper types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill, initial, setFieldValue, setStatus]);

  const typed = (name: Typed) => ({
    ...form.getFieldProps(name),
    error: fieldError(form, name),
    maxLength:
      name === 'number'
        ? undefined
        : name === 'email'
          ? 254
          : TEXT_MAX[name === 'name' ? 'personName' : name],
  });

  return (
    <Panel
      ref={formRef}
      onSubmit={form.handleSubmit}
      noValidate
      aria-labelledby="checkout-details"
      aria-busy={busy}
      // What the shopper changed is theirs: the account's details never fill it afterwards.
      onChange={(event: ChangeEvent<HTMLFormElement>) => {
        const { name } = event.target as unknown as HTMLInputElement;
        if (name === 'name' || name === 'address' || name === 'number') edited.current.add(name);
      }}
    >
      <h2 id="checkout-details">{words.details}</h2>
      {(form.status as { prefilled?: boolean } | undefined)?.prefilled && (
        <FieldHint>{words.prefilled}</FieldHint>
      )}
      {askEmail && (
        <TextField
          label={words.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...typed('email')}
        />
      )}
      <TextField label={labels.name} autoComplete="name" {...typed('name')} />
      <TextField label={labels.address} autoComplete="street-address" {...typed('address')} />
      <FieldRow>
        <TextField
          label={labels.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...typed('number')}
        />
      </FieldRow>
      <FieldRow>
        <SelectField
          label={words.country}
          autoComplete="country"
          {...form.getFieldProps('country')}
        >
          {(['', 'US', 'DE', 'GB'] as const).map((code) => (
            <option key={code} value={code}>
              {words.countries[code]}
            </option>
          ))}
        </SelectField>
        {values.country === 'US' && (
          <TextField
            label={words.state}
            autoComplete="address-level1"
            maxLength={2}
            {...form.getFieldProps('region')}
            error={fieldError(form, 'region')}
          />
        )}
      </FieldRow>
      <PromotionCodesSlot
        country={values.country}
        region={values.region}
        fitted={values.how !== 'delivery'}
        codes={values.codes}
        onChange={(codes) => void setFieldValue('codes', codes)}
        {...(askEmail ? { items: lines } : {})}
      />
      <Choice>
        <legend>{words.howToGet}</legend>
        <label>
          <input
            type="radio"
            {...form.getFieldProps({ name: 'how', type: 'radio', value: 'delivery' })}
          />
          {words.delivery}
        </label>
        <label>
          <input
            type="radio"
            {...form.getFieldProps({ name: 'how', type: 'radio', value: 'centre' })}
          />
          {words.fittingAtCentre}
        </label>
        <label>
          <input
            type="radio"
            {...form.getFieldProps({ name: 'how', type: 'radio', value: 'fitting' })}
          />
          {words.fitting}
        </label>
      </Choice>
      {values.how === 'centre' && (
        <>
          <FieldHint>
            {words.centreHint(
              askEmail ? Math.min(GUEST_HOLD_SECONDS, FITTING_HOLD_SECONDS) : FITTING_HOLD_SECONDS,
            )}
          </FieldHint>
          <Suspense fallback={<Spinner inline label={words.loadingChooser} showLabel />}>
            <AppointmentChooser
              value={values}
              onChange={setAppointment}
              productIds={lines.map((line) => line.productId)}
              vehicle={bagCar()}
              job={jobOf(lines)}
              errors={{ centreId: shownError('centreId'), startsAt: shownError('startsAt') }}
              disabled={busy}
            />
          </Suspense>
        </>
      )}
      {values.how === 'fitting' && (
        <>
          <FieldHint>
            {words.fittingHint(
              askEmail ? Math.min(GUEST_HOLD_SECONDS, FITTING_HOLD_SECONDS) : FITTING_HOLD_SECONDS,
              MAX_UNPAID_FITTINGS,
            )}
          </FieldHint>
          <Suspense fallback={<Spinner inline label={words.loadingDays} showLabel />}>
            <FittingDayPicker
              value={values.fitting}
              onChange={(date) => {
                void form.setFieldTouched('fitting', true, false);
                void setFieldValue('fitting', date);
              }}
              error={
                form.submitCount > 0 || form.touched.fitting ? (form.errors.fitting ?? null) : null
              }
              disabled={busy}
            />
          </Suspense>
        </>
      )}
      <FormActions>
        <Button type="submit" $size="lg" disabled={busy}>
          {words.place}
        </Button>
        {busy && <Spinner inline label={words.reserving} showLabel />}
      </FormActions>
    </Panel>
  );
}
