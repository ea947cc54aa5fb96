import type { ReactNode } from 'react';
import { PRODUCT_CATEGORIES, SKU, TYRE_SEASONS } from '@contract/catalogTerms';
import { copy } from '@contract/copy';
import { CATEGORY_SINGULAR, SEASON_LABELS } from '../../ui/catalogLabels';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { FieldRow } from '../../ui/Form';
import { ImageField } from '../../ui/ImageField';
import type { usePictureForm } from '../../shared/forms/usePictureForm';
import { EuLabelFields } from './EuLabelFields';
import { MAX_AMOUNT, type ProductValues } from './productSchema';

type PictureForm = ReturnType<typeof usePictureForm<ProductValues>>;

const labels = copy.addProduct.fields;

/**
 * The product form's fields, shared by Add Product and Edit: name, description, price and
 * quantities, category, size and season, a tyre's EU label, SKU and picture. `stock` replaces the Available
 * Quantity box (an edit shows the stock read-only: it moves by Restock).
 */
export function ProductFields({
  form,
  field,
  imageFieldProps,
  stock,
  skuHint,
  categoryFromName = true,
}: Pick<PictureForm, 'form' | 'field' | 'imageFieldProps'> & {
  stock?: ReactNode;
  skuHint: string;
  /** Add Product may leave the category to be read from the name. */
  categoryFromName?: boolean;
}) {
  return (
    <>
      <TextField label={labels.name} {...field('name')} />
      <TextAreaField label={labels.description} {...field('description')} />
      <FieldRow $columns={3}>
        <TextField
          label={labels.price}
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_AMOUNT}
          step={0.01}
          {...field('price')}
        />
        <TextField
          label={labels.orderQuantity}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_AMOUNT}
          step={1}
          {...field('orderquantity')}
        />
        {stock ?? (
          <TextField
            label={labels.availableQuantity}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_AMOUNT}
            step={1}
            {...field('availablequantity')}
          />
        )}
      </FieldRow>
      <FieldRow $columns={3}>
        <SelectField label={labels.category} {...field('category')}>
          {categoryFromName && <option value="">From the name</option>}
          {PRODUCT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_SINGULAR[category]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={labels.size}
          hint="As on the sidewall, e.g. 205/55 R16 91V"
          autoComplete="off"
          {...field('size')}
        />
        <SelectField label={labels.season} {...field('season')}>
          <option value="">None</option>
          {TYRE_SEASONS.map((season) => (
            <option key={season} value={season}>
              {SEASON_LABELS[season]}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <EuLabelFields form={form} field={field} />
      <TextField
        label={labels.sku}
        hint={skuHint}
        autoComplete="off"
        spellCheck={false}
        pattern={SKU.pattern}
        {...field('sku')}
      />
      <ImageField label={labels.image} {...imageFieldProps} />
    </>
  );
}
