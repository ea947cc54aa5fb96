import { getIn, useFormik } from 'formik';
import { useRef } from 'react';
import styled from 'styled-components';
import type { FittingCentre } from '@contract/fittingCentres';
import { fieldProps, showSaveError } from '../../../../shared/forms/formik';
import { Button } from '../../../../ui/Button';
import { FieldError, SelectField, TextAreaField, TextField } from '../../../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../../../ui/Form';
import { Spinner } from '../../../../ui/Spinner';
import { media } from '../../../../ui/theme';
import { useFocusFirstInvalid } from '../../../../ui/useFocusFirstInvalid';
import {
  centreBody,
  centreSchema,
  centreValues,
  newCentre,
  zoneOfCountry,
  type CentreValues,
} from './centreForm';
import { centresCopy } from './centresCopy';
import { useAddCentreMutation, useSaveCentreMutation } from './centresApi';

const words = centresCopy.form;

const Wide = styled(FormPanel)`
  max-width: 60rem;
  h2,
  h3 {
    margin: 0;
  }
  fieldset {
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radii.sm};
    min-width: 0;
  }
  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: 700;
  }
`;

/** A weekday's row: its name and Open, then the two times (side by side from tablet width). */
const Day = styled.div`
  display: grid;
  grid-template-columns: 7rem auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  align-items: center;
  ${media.tablet} {
    grid-template-columns: 7rem 5rem minmax(0, 1fr) minmax(0, 1fr);
  }
  input[type='time'] {
    min-height: 44px;
  }
  > p {
    grid-column: 1 / -1;
    margin: 0;
  }
`;

const Times = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  grid-column: 1 / -1;
  gap: ${({ theme }) => theme.space.sm};
  ${media.tablet} {
    display: contents;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  font-weight: 600;
  input {
    width: 1.2rem;
    height: 1.2rem;
    margin: 0;
  }
`;

/**
 * A fitting centre's form (admins): who and where, the week's hours and closed days, bays, what
 * it can fit and where its mobile fitters drive. Formik and Yup check it first; the API's
 * refusal (a postcode it cannot place, an unknown time zone) is shown under its field.
 */
export function CentreForm({
  centre,
  onDone,
}: {
  centre: FittingCentre | null;
  onDone: (saved: FittingCentre | null) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [add] = useAddCentreMutation();
  const [save] = useSaveCentreMutation();
  const form = useFormik<CentreValues>({
    initialValues: centre ? centreValues(centre) : newCentre,
    validationSchema: centreSchema,
    onSubmit: async (values, helpers) => {
      try {
        const body = centreBody(values);
        const saved = centre
          ? await save({ id: centre._id, body }).unwrap()
          : await add(body).unwrap();
        onDone(saved);
      } catch (error) {
        showSaveError({ setFieldError: helpers.setFieldError, values }, error, {
          'capabilities.maxRim': 'maxRim',
          'mobile.radiusKm': 'mobileRadiusKm',
        });
      }
    },
  });
  useFocusFirstInvalid(formRef, form);
  const text = (name: keyof CentreValues & string) => fieldProps(form, name);
  const check = (name: 'runFlat' | 'tpms' | 'highPerformance' | 'active') =>
    form.getFieldProps({ name, type: 'checkbox' });

  return (
    <Wide ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="centre-form">
      <h2 id="centre-form">{centre ? words.editTitle(centre.name) : words.addTitle}</h2>
      <FieldRow>
        <TextField label={words.name} {...text('name')} maxLength={120} />
        <TextField label={words.code} hint={words.codeHint} {...text('code')} maxLength={32} />
      </FieldRow>
      <FieldRow>
        <SelectField label={words.kind} {...form.getFieldProps('kind')}>
          <option value="own">{words.kinds.own}</option>
          <option value="partner">{words.kinds.partner}</option>
        </SelectField>
        <SelectField
          label={words.country}
          {...form.getFieldProps('country')}
          onChange={(event) => {
            const country = event.target.value as CentreValues['country'];
            void form.setFieldValue('country', country);
            // A new centre's zone follows its country until someone types one.
            if (form.values.timeZone === zoneOfCountry[form.values.country]) {
              void form.setFieldValue('timeZone', zoneOfCountry[country]);
            }
          }}
        >
          {(['US', 'GB', 'DE'] as const).map((code) => (
            <option key={code} value={code}>
              {words.countries[code]}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <TextField label={words.street} {...text('street')} maxLength={200} />
      <FieldRow $columns={3}>
        <TextField label={words.city} {...text('city')} maxLength={100} />
        <TextField label={words.postcode} {...text('postcode')} maxLength={10} />
        <TextField label={words.timeZone} hint={words.timeZoneHint} {...text('timeZone')} />
      </FieldRow>
      <fieldset>
        <legend>{words.hours}</legend>
        {form.values.hours.map((day, index) => {
          const name = centresCopy.weekdays[index]!;
          const error = getIn(form.errors, `hours.${index}.closes`) as string | undefined;
          return (
            <Day key={name} role="group" aria-label={name}>
              <strong>{name}</strong>
              <Check>
                <input
                  type="checkbox"
                  {...form.getFieldProps({ name: `hours.${index}.open`, type: 'checkbox' })}
                />
                {words.open}
              </Check>
              <Times>
                <TextField
                  label={`${name}: ${words.opens}`}
                  hideLabel
                  type="time"
                  disabled={!day.open}
                  {...form.getFieldProps(`hours.${index}.opens`)}
                />
                <TextField
                  label={`${name}: ${words.closes}`}
                  hideLabel
                  type="time"
                  disabled={!day.open}
                  {...form.getFieldProps(`hours.${index}.closes`)}
                />
              </Times>
              {error && day.open && <FieldError>{error}</FieldError>}
            </Day>
          );
        })}
      </fieldset>
      <FieldRow>
        <TextAreaField
          label={words.closedDays}
          hint={words.closedDaysHint}
          rows={3}
          {...text('closedDays')}
        />
        <TextField
          label={words.bays}
          hint={words.baysHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          {...text('bays')}
        />
      </FieldRow>
      <fieldset>
        <legend>{words.capabilities}</legend>
        <TextField
          label={words.maxRim}
          type="number"
          inputMode="numeric"
          min={13}
          max={24}
          {...text('maxRim')}
        />
        <Check>
          <input type="checkbox" {...check('runFlat')} />
          {words.runFlat}
        </Check>
        <Check>
          <input type="checkbox" {...check('tpms')} />
          {words.tpms}
        </Check>
        <Check>
          <input type="checkbox" {...check('highPerformance')} />
          {words.highPerformance}
        </Check>
      </fieldset>
      <fieldset>
        <legend>{words.mobile}</legend>
        <FieldRow>
          <TextField
            label={words.mobilePostcodes}
            hint={words.mobilePostcodesHint}
            {...text('mobilePostcodes')}
          />
          <TextField
            label={words.mobileRadius}
            type="number"
            inputMode="numeric"
            min={1}
            max={200}
            {...text('mobileRadiusKm')}
          />
        </FieldRow>
      </fieldset>
      <Check>
        <input type="checkbox" {...check('active')} />
        {words.active}
      </Check>
      <FormActions>
        <Button type="submit" $size="lg" disabled={form.isSubmitting}>
          {words.save}
        </Button>
        <Button type="button" $variant="ghost" onClick={() => onDone(null)}>
          {words.cancel}
        </Button>
        {form.isSubmitting && <Spinner inline label={words.saving} showLabel />}
      </FormActions>
    </Wide>
  );
}
