import { useFormik } from 'formik';
import { useRef } from 'react';
import * as yup from 'yup';
import { useFindOrderMutation } from '../../shared/guest/guestApi';
import { guestCopy } from '../../shared/guest/guestCopy';
import { fieldError } from '../../shared/forms/formik';
import { apiErrorMessage } from '../../store/apiError';
import { Button } from '../../ui/Button';
import { FieldError, TextField } from '../../ui/Field';
import { FormActions, FormPanel } from '../../ui/Form';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid';
import { usePageTitle } from '../../ui/usePageTitle';

const schema = yup.object({
  email: yup.string().trim().required(guestCopy.emailRequired).email(guestCopy.emailInvalid),
  orderNumber: yup.string().trim().required(guestCopy.numberRequired).max(100),
});

type Values = yup.InferType<typeof schema>;

/**
 * `/find-order`: an email and an order number, and the link to that order is emailed (the
 * answer is the same whether or not such an order exists, so nobody learns who ordered what).
 */
export function FindOrderPage() {
  usePageTitle(guestCopy.findTitle);
  const formRef = useRef<HTMLFormElement>(null);
  const [find, result] = useFindOrderMutation();
  const form = useFormik<Values>({
    initialValues: { email: '', orderNumber: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      await find({ email: values.email.trim(), orderNumber: values.orderNumber.trim() });
    },
  });
  useFocusFirstInvalid(formRef, form);
  return (
    <Page>
      <PageHeading>{guestCopy.findTitle}</PageHeading>
      <PageIntro>{guestCopy.findIntro}</PageIntro>
      <FormPanel ref={formRef} onSubmit={form.handleSubmit} noValidate aria-busy={result.isLoading}>
        <TextField
          label={guestCopy.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          {...form.getFieldProps('email')}
          error={fieldError(form, 'email')}
        />
        <TextField
          label={guestCopy.number}
          autoComplete="off"
          maxLength={100}
          {...form.getFieldProps('orderNumber')}
          error={fieldError(form, 'orderNumber')}
        />
        {result.data && <p role="status">{result.data.message}</p>}
        {result.error && <FieldError role="alert">{apiErrorMessage(result.error)}</FieldError>}
        <FormActions>
          <Button type="submit" disabled={result.isLoading}>
            {guestCopy.send}
          </Button>
          {result.isLoading && <Spinner inline label={guestCopy.sending} showLabel />}
        </FormActions>
      </FormPanel>
    </Page>
  );
}
