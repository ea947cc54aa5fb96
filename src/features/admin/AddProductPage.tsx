import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { copy } from '@contract/copy';
import { Button } from '../../ui/Button';
import { FormActions, FormPanel } from '../../ui/Form';
import { PageHeading, PageIntro } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useSubmissionKeys } from '../../store/submissionKey';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePictureForm } from '../../shared/forms/usePictureForm';
import { useAddProductMutation } from './adminApi';
import { ProductFields } from './ProductFields';
import { isTyreForm } from './EuLabelFields';
import {
  attributesOf,
  euLabelOf,
  NO_LABEL_VALUES,
  productSchema,
  type ProductValues,
} from './productSchema';

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
      sku: '',
      ...NO_LABEL_VALUES,
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
        ...(isTyreForm(values) && values.hasLabel && { euLabel: euLabelOf(values, true) }),
        ...(values.sku.trim() && { sku: values.sku.trim() }),
      };
      await addProduct({ ...body, idempotencyKey: submissions.keyFor(body) }).unwrap();
    },
    fieldAliases: {
      img: 'image',
      availableauantity: 'availablequantity',
      width: 'size',
      euLabel: 'labelFuel',
    },
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
        <ProductFields
          form={form}
          field={field}
          imageFieldProps={imageFieldProps}
          skuHint="Leave it empty to have one assigned."
        />
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
