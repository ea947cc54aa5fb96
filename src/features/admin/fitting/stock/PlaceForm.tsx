import { useFormik } from 'formik';
import { useRef } from 'react';
import * as yup from 'yup';
import {
  MAIN_PLACE,
  STOCK_PLACE_LIMITS,
  type StockPlace,
  type StockPlaces,
} from '@contract/stockPlaces';
import { fieldProps, showSaveError } from '../../../../shared/forms/formik';
import { Button } from '../../../../ui/Button';
import { SelectField, TextField } from '../../../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../../../ui/Form';
import { useFocusFirstInvalid } from '../../../../ui/useFocusFirstInvalid';
import { stockPlacesCopy } from './stockPlacesCopy';
import { useAddStockPlaceMutation, useSaveStockPlaceMutation } from './stockPlacesApi';

const words = stockPlacesCopy.form;

interface PlaceValues {
  code: string;
  name: string;
  kind: 'warehouse' | 'shelf';
  centreId: string;
}

const placeSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required(words.codeRequired)
    .matches(/^[A-Z0-9][A-Z0-9-]{1,19}$/, words.codeShape),
  name: yup.string().trim().required(words.nameRequired).max(STOCK_PLACE_LIMITS.name),
  kind: yup.string().oneOf(['warehouse', 'shelf']).required(),
  centreId: yup.string().when('kind', {
    is: 'shelf',
    then: (schema) => schema.required(words.centreRequired),
  }),
});

/**
 * A stock place's form: its code (new places only), name, and whether it is a warehouse or a
 * centre's own shelf. The API's refusals (a code taken) show under their field.
 */
export function PlaceForm({
  place,
  centres,
  onDone,
}: {
  place: StockPlace | null;
  centres: StockPlaces['centres'];
  onDone: (saved: StockPlace | null) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [add] = useAddStockPlaceMutation();
  const [save] = useSaveStockPlaceMutation();
  const form = useFormik<PlaceValues>({
    initialValues: {
      code: place?.code ?? '',
      name: place?.name ?? '',
      kind: place?.centreId ? 'shelf' : 'warehouse',
      centreId: place?.centreId ?? '',
    },
    validationSchema: placeSchema,
    onSubmit: async (values, helpers) => {
      const body = {
        name: values.name.trim(),
        centreId: values.kind === 'shelf' ? values.centreId : null,
      };
      try {
        const saved = place
          ? await save({ code: place.code, body }).unwrap()
          : await add({ code: values.code.trim(), ...body }).unwrap();
        onDone(saved);
      } catch (error) {
        showSaveError({ setFieldError: helpers.setFieldError, values }, error);
      }
    },
  });
  useFocusFirstInvalid(formRef, form);
  const isMain = place?.code === MAIN_PLACE;
  return (
    <FormPanel ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="place-form">
      <h2 id="place-form">{place ? words.editTitle(place.name) : words.addTitle}</h2>
      <FieldRow>
        <TextField
          label={words.code}
          hint={place ? undefined : words.codeHint}
          {...fieldProps(form, 'code')}
          onChange={(event) => void form.setFieldValue('code', event.target.value.toUpperCase())}
          readOnly={place !== null}
          maxLength={20}
          autoCapitalize="characters"
        />
        <TextField
          label={words.name}
          {...fieldProps(form, 'name')}
          maxLength={STOCK_PLACE_LIMITS.name}
        />
      </FieldRow>
      <FieldRow>
        <SelectField
          label={words.kind}
          hint={isMain ? words.mainIsWarehouse : undefined}
          disabled={isMain}
          {...form.getFieldProps('kind')}
        >
          <option value="warehouse">{words.kinds.warehouse}</option>
          <option value="shelf">{words.kinds.shelf}</option>
        </SelectField>
        {form.values.kind === 'shelf' && (
          <SelectField label={words.centre} {...fieldProps(form, 'centreId')}>
            <option value="">{words.chooseCentre}</option>
            {centres.map((centre) => (
              <option key={centre._id} value={centre._id}>
                {centre.name} ({centre.city})
              </option>
            ))}
          </SelectField>
        )}
      </FieldRow>
      <FormActions>
        <Button type="submit" $size="lg" disabled={form.isSubmitting}>
          {words.save}
        </Button>
        <Button type="button" $variant="ghost" onClick={() => onDone(null)}>
          {words.cancel}
        </Button>
      </FormActions>
    </FormPanel>
  );
}
