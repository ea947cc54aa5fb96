import type { FormikProps } from 'formik';
import { toast } from 'react-toastify';
import { apiErrorField, apiErrorMessage } from '../../store/apiError';
import type { UploadStatus } from '../pictures/useImageUpload';

/** A field's message, once the person has been there (or tried to submit). */
export function fieldError<V>(
  form: Pick<FormikProps<V>, 'errors' | 'touched'>,
  name: keyof V & string,
): string | null {
  const error = form.errors[name];
  return form.touched[name] && typeof error === 'string' ? error : null;
}

/** Formik's value/change/blur wiring plus the error, for a TextField or TextAreaField. */
export function fieldProps<V>(
  form: Pick<FormikProps<V>, 'errors' | 'touched' | 'getFieldProps'>,
  name: keyof V & string,
) {
  const { value, onChange, onBlur } = form.getFieldProps(name);
  return { name, value: value ?? '', onChange, onBlur, error: fieldError(form, name) };
}

/**
 * A save the API refused, said once: under the field it is about (the message names the field
 * as the form labels it), else as a toast. `aliases` maps API names to form names where they
 * differ (`img` is the form's `image`).
 */
export function showSaveError<V>(
  form: Pick<FormikProps<V>, 'setFieldError' | 'values'>,
  error: unknown,
  aliases: Record<string, keyof V & string> = {},
) {
  const message = apiErrorMessage(error);
  const apiField = apiErrorField(error);
  const field = apiField ? (aliases[apiField] ?? apiField) : null;
  if (field && field in (form.values as object)) form.setFieldError(field, message);
  else toast.error(message);
}

/** What the image field shows of an upload (from useImageUpload). */
interface UploadView {
  status: UploadStatus;
  progress: number;
  reset: () => void;
}

/** Wires an ImageField to the form's `image` value and to the upload's progress. */
export function imageFieldProps<V extends { image: File | null }>(
  form: Pick<
    FormikProps<V>,
    'values' | 'errors' | 'touched' | 'isSubmitting' | 'setFieldValue' | 'setFieldTouched'
  >,
  upload: UploadView,
) {
  return {
    name: 'image',
    file: form.values.image,
    onChange: (file: File | null) => {
      upload.reset();
      void form.setFieldTouched('image', true, false);
      void form.setFieldValue('image', file);
    },
    error: fieldError(form, 'image' as keyof V & string),
    uploading: upload.status === 'uploading',
    progress: upload.progress,
    uploaded: upload.status === 'done',
    disabled: form.isSubmitting,
  };
}
