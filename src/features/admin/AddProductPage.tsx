import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { copy } from '../../copy';
import { Button } from '../../ui/Button';
import { CATEGORY_SINGULAR, SEASON_LABELS } from '../../ui/catalogLabels';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../ui/Form';
import { ImageField } from '../../ui/ImageField';
import { PageHeading, PageIntro } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useSubmissionKeys } from '../../store/submissionKey';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePictureForm } from '../../ui/usePictureForm';
import { useAddProductMutation } from './adminApi';
import { attributesOf, MAX_AMOUNT, productSchema, type ProductValues } from './productSchema';
import { PRODUCT_CATEGORIES, TYRE_SEASONS } from '@contract/catalogTerms';

/**
 * `/dashboard/addProduct` (admins): a new catalogue product. The picture is uploaded first,
 * then the product saved; the shop lists it at once (the list's cache tag).
 */
export function AddProductPage() {
  usePageTitle(copy.addProduct.title);
  const navigate = useNavigate();
  const [addProduct] = useAddProductMutation();
  const submissions = useSubmissionKeys();
  const { form, field, panelProps, imageFieldProps } = usePictureForm<ProductValues>({
    initialValues: {
      name: '',
      description: '',
      price: '',
      orderquantity: '',
      availablequantity: '',
      image: null,
      category: '',
      size: '',
      season: '',
    },
    validationSchema: productSchema,
    save: async (values, img) => {
      const body = {
        name: values.name.trim(),
        description: values.description.trim(),
        price: Number(values.price),
        orderquantity: Number(values.orderquantity),
        // The spec's payload key, misspelling included (the API takes both spellings).
        availableauantity: Number(values.availablequantity),
        img,
        ...attributesOf(values),
      };
      await addProduct({ ...body, idempotencyKey: submissions.keyFor(body) }).unwrap();
    },
    fieldAliases: { img: 'image', availableauantity: 'availablequantity', width: 'size' },
    onSaved: () => {
      submissions.done();
      toast.success(copy.addProduct.added);
      navigate('/dashboard');
    },
  });

  return (
    <>
      <PageHeading>{copy.addProduct.heading}</PageHeading>
      <PageIntro>A new product for the shop: it is listed as soon as it is added.</PageIntro>
      <FormPanel {...panelProps} aria-label={copy.addProduct.title}>
        <TextField label={copy.addProduct.fields.name} {...field('name')} />
        <TextAreaField label={copy.addProduct.fields.description} {...field('description')} />
        <FieldRow $columns={3}>
          <TextField
            label={copy.addProduct.fields.price}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_AMOUNT}
            step={0.01}
            {...field('price')}
          />
          <TextField
            label={copy.addProduct.fields.orderQuantity}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_AMOUNT}
            step={1}
            {...field('orderquantity')}
          />
          <TextField
            label={copy.addProduct.fields.availableQuantity}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_AMOUNT}
            step={1}
            {...field('availablequantity')}
          />
        </FieldRow>
        <FieldRow $columns={3}>
          <SelectField label={copy.addProduct.fields.category} {...field('category')}>
            <option value="">From the name</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_SINGULAR[category]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={copy.addProduct.fields.size}
            hint="As on the sidewall, e.g. 205/55 R16 91V"
            autoComplete="off"
            {...field('size')}
          />
          <SelectField label={copy.addProduct.fields.season} {...field('season')}>
            <option value="">None</option>
            {TYRE_SEASONS.map((season) => (
              <option key={season} value={season}>
                {SEASON_LABELS[season]}
              </option>
            ))}
          </SelectField>
        </FieldRow>
        <ImageField label={copy.addProduct.fields.image} {...imageFieldProps} />
        <FormActions>
          <Button type="submit" disabled={form.isSubmitting}>
            {copy.addProduct.submit}
          </Button>
          {form.isSubmitting && <Spinner inline label="Adding the product" showLabel />}
        </FormActions>
      </FormPanel>
    </>
  );
}
