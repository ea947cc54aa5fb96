import styled from 'styled-components';
import type { FormikProps } from 'formik';
import { FUEL_CLASSES, NOISE_CLASSES, NOISE_DB, WET_GRIP_CLASSES } from '@contract/euLabel';
import { euLabelCopy } from '@contract/euLabelCopy';
import { SelectField, TextField } from '../../ui/Field';
import { FieldRow } from '../../ui/Form';
import type { ProductValues } from './productSchema';

const words = euLabelCopy.fields;

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  legend {
    font-weight: 700;
    padding: 0 ${({ theme }) => theme.space.xs};
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 32px;
  cursor: pointer;
  input {
    width: 1.15rem;
    height: 1.15rem;
  }
`;

type Field = (name: keyof ProductValues & string) => object;
type Form = Pick<FormikProps<ProductValues>, 'values' | 'handleChange'>;

/** A yes/no of the label, as a checkbox Formik keeps as a boolean. */
function Flag({
  form,
  name,
  label,
}: {
  form: Form;
  name: 'labelSnow' | 'labelIce';
  label: string;
}) {
  return (
    <Check>
      <input type="checkbox" name={name} checked={form.values[name]} onChange={form.handleChange} />
      {label}
    </Check>
  );
}

/** Whether the form describes a tyre: its category, or a size with the category left out. */
export const isTyreForm = (values: Pick<ProductValues, 'category' | 'size'>) =>
  values.category === 'tyre' || (values.category === '' && values.size.trim() !== '');

/**
 * The EU tyre label's part of the product forms, for tyres only: whether the tyre has one, then
 * its classes, noise, symbols and EPREL number.
 */
export function EuLabelFields({ form, field }: { form: Form; field: Field }) {
  if (!isTyreForm(form.values)) return null;
  return (
    <Group>
      <legend>{euLabelCopy.legend}</legend>
      <Check>
        <input
          type="checkbox"
          name="hasLabel"
          checked={form.values.hasLabel}
          onChange={form.handleChange}
        />
        {euLabelCopy.hasLabel}
      </Check>
      {form.values.hasLabel && (
        <>
          <FieldRow $columns={2}>
            <SelectField label={words.fuel} {...field('labelFuel')}>
              <option value="">Choose</option>
              {FUEL_CLASSES.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </SelectField>
            <SelectField label={words.wetGrip} {...field('labelWetGrip')}>
              <option value="">Choose</option>
              {WET_GRIP_CLASSES.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </SelectField>
          </FieldRow>
          <FieldRow $columns={2}>
            <TextField
              label={words.noiseDb}
              type="number"
              inputMode="numeric"
              min={NOISE_DB.min}
              max={NOISE_DB.max}
              step={1}
              {...field('labelNoiseDb')}
            />
            <SelectField label={words.noiseClass} {...field('labelNoiseClass')}>
              <option value="">Choose</option>
              {NOISE_CLASSES.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </SelectField>
          </FieldRow>
          <Flag form={form} name="labelSnow" label={words.snow} />
          <Flag form={form} name="labelIce" label={words.ice} />
          <TextField
            label={words.eprel}
            hint="Optional: the digits of the label's EPREL registration."
            inputMode="numeric"
            autoComplete="off"
            {...field('labelEprel')}
          />
        </>
      )}
    </Group>
  );
}
