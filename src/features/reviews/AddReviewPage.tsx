import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { copy } from '@contract/copy';
import { selectCurrentUser } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../ui/Form';
import { ImageField } from '../../ui/ImageField';
import { PageHeading, PageIntro } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useSubmissionKeys } from '../../store/submissionKey';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePictureForm } from '../../shared/forms/usePictureForm';
import { useAddReviewMutation } from './reviewsApi';
import { reviewSchema, type ReviewValues } from './reviewSchema';
import { RATINGS } from '@contract/limits';
import { distanceUnitOf, toKm } from '@contract/reviewDriving';
import { useGetProductQuery } from '../../store/api';
import { useMarketCode } from '../../shared/markets/marketChoice';
import { ReviewDrivingFields } from './ReviewDrivingFields';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The optional car and distance as the API takes them: the car whole, the distance in km. */
function drivingOf(values: ReviewValues, unit: ReturnType<typeof distanceUnitOf>) {
  const make = values.carMake.trim();
  return {
    ...(make && values.carYear !== ''
      ? { car: { make, model: values.carModel.trim(), year: Number(values.carYear) } }
      : {}),
    ...(values.distance !== '' ? { distanceKm: toKm(Number(values.distance), unit) } : {}),
  };
}

/**
 * `/dashboard/myreview`: a customer's review. The photo is uploaded first, then the review
 * saved; it shows on /review and the landing page at once (the list's cache tag). Opened from a
 * tyre (`?product=<id>`) it is a review of that size, on its model's page too; the car and the
 * distance driven (in the shopper's market's unit) are optional.
 */
export function AddReviewPage() {
  usePageTitle(copy.review.title);
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const [addReview] = useAddReviewMutation();
  const submissions = useSubmissionKeys();
  const [params] = useSearchParams();
  const named = params.get('product') ?? '';
  const productId = UUID.test(named) ? named.toLowerCase() : null;
  const product = useGetProductQuery(productId ?? '', { skip: !productId }).data;
  const unit = distanceUnitOf(useMarketCode());
  const validationSchema = useMemo(() => reviewSchema(unit), [unit]);
  const { form, field, panelProps, imageFieldProps } = usePictureForm<ReviewValues>({
    initialValues: {
      name: user?.displayName ?? '',
      description: '',
      Ratings: '',
      address: '',
      image: null,
      carMake: '',
      carModel: '',
      carYear: '',
      distance: '',
    },
    validationSchema,
    save: async (values, img) => {
      const body = {
        name: values.name.trim(),
        description: values.description.trim(),
        Ratings: Number(values.Ratings),
        address: values.address.trim(),
        img,
        ...(product ? { productId: product._id } : {}),
        ...drivingOf(values, unit),
      };
      await addReview({ ...body, idempotencyKey: submissions.keyFor(body) }).unwrap();
    },
    fieldAliases: { img: 'image', car: 'carMake', distanceKm: 'distance' },
    onSaved: () => {
      submissions.done();
      toast.success(copy.review.thanks);
      navigate('/dashboard');
    },
  });

  return (
    <>
      <PageHeading>{copy.review.title}</PageHeading>
      <PageIntro>Tell other drivers how your order went. Your review shows on the store.</PageIntro>
      <FormPanel {...panelProps} aria-label={copy.review.title}>
        <FieldRow>
          <TextField label={copy.review.fields.name} autoComplete="name" {...field('name')} />
          <TextField
            label={copy.review.fields.ratings}
            type="number"
            inputMode="numeric"
            min={RATINGS.min}
            max={RATINGS.max}
            step={1}
            hint={`A whole number from ${RATINGS.min} (poor) to ${RATINGS.max} (excellent).`}
            {...field('Ratings')}
          />
        </FieldRow>
        <TextAreaField label={copy.review.fields.description} {...field('description')} />
        <TextField
          label={copy.review.fields.address}
          autoComplete="address-level2"
          hint="Your town or city. It is not shown with the review."
          {...field('address')}
        />
        <ImageField label={copy.review.fields.image} round {...imageFieldProps} />
        <ReviewDrivingFields
          form={form}
          field={field}
          unit={unit}
          productName={product?.name ?? null}
        />
        <FormActions>
          <Button type="submit" disabled={form.isSubmitting}>
            {copy.review.submit}
          </Button>
          {form.isSubmitting && <Spinner inline label="Saving your review" showLabel />}
        </FormActions>
      </FormPanel>
    </>
  );
}
