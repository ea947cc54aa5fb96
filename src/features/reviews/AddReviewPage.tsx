import { useNavigate } from 'react-router-dom';
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

/**
 * `/dashboard/myreview`: a customer's review. The photo is uploaded first, then the review
 * saved; it shows on /review and the landing page at once (the list's cache tag).
 */
export function AddReviewPage() {
  usePageTitle(copy.review.title);
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const [addReview] = useAddReviewMutation();
  const submissions = useSubmissionKeys();
  const { form, field, panelProps, imageFieldProps } = usePictureForm<ReviewValues>({
    initialValues: {
      name: user?.displayName ?? '',
      description: '',
      Ratings: '',
      address: '',
      image: null,
    },
    validationSchema: reviewSchema,
    save: async (values, img) => {
      const body = {
        name: values.name.trim(),
        description: values.description.trim(),
        Ratings: Number(values.Ratings),
        address: values.address.trim(),
        img,
      };
      await addReview({ ...body, idempotencyKey: submissions.keyFor(body) }).unwrap();
    },
    fieldAliases: { img: 'image' },
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
