import { useFormik } from 'formik';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { copy } from '../../copy';
import { selectCurrentUser } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { useImageUpload } from '../../store/useImageUpload';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../ui/Form';
import { fieldProps, imageFieldProps, showSaveError } from '../../ui/formik';
import { ImageField } from '../../ui/ImageField';
import { PageHeading, PageIntro } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid';
import { useSubmissionKeys } from '../../store/submissionKey';
import { usePageTitle } from '../../ui/usePageTitle';
import { useAddReviewMutation } from './reviewsApi';
import { reviewSchema, type ReviewValues } from './reviewSchema';
import { RATINGS, TEXT_MAX } from '@contract/limits';

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
  const image = useImageUpload();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormik<ReviewValues>({
    initialValues: {
      name: user?.displayName ?? '',
      description: '',
      Ratings: '',
      address: '',
      image: null,
    },
    validationSchema: reviewSchema,
    onSubmit: async (values) => {
      const img = values.image && (await image.upload(values.image));
      // A failed upload was toasted; everything typed stays for another try.
      if (!img) return;
      try {
        const body = {
          name: values.name.trim(),
          description: values.description.trim(),
          Ratings: Number(values.Ratings),
          address: values.address.trim(),
          img,
        };
        await addReview({ ...body, idempotencyKey: submissions.keyFor(body) }).unwrap();
      } catch (error) {
        showSaveError(form, error, { img: 'image' });
        return;
      }
      submissions.done();
      toast.success(copy.review.thanks);
      navigate('/dashboard');
    },
  });
  useFocusFirstInvalid(formRef, form);

  return (
    <>
      <PageHeading>{copy.review.title}</PageHeading>
      <PageIntro>Tell other drivers how your order went. Your review shows on the store.</PageIntro>
      <FormPanel
        ref={formRef}
        onSubmit={form.handleSubmit}
        noValidate
        aria-label={copy.review.title}
      >
        <FieldRow>
          <TextField
            label={copy.review.fields.name}
            autoComplete="name"
            maxLength={TEXT_MAX.personName}
            {...fieldProps(form, 'name')}
          />
          <TextField
            label={copy.review.fields.ratings}
            type="number"
            inputMode="numeric"
            min={RATINGS.min}
            max={RATINGS.max}
            step={1}
            hint={`A whole number from ${RATINGS.min} (poor) to ${RATINGS.max} (excellent).`}
            {...fieldProps(form, 'Ratings')}
          />
        </FieldRow>
        <TextAreaField
          label={copy.review.fields.description}
          maxLength={TEXT_MAX.description}
          {...fieldProps(form, 'description')}
        />
        <TextField
          label={copy.review.fields.address}
          autoComplete="address-level2"
          hint="Your town or city. It is not shown with the review."
          maxLength={TEXT_MAX.address}
          {...fieldProps(form, 'address')}
        />
        <ImageField label={copy.review.fields.image} round {...imageFieldProps(form, image)} />
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
