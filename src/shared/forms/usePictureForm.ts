import { useFormik } from 'formik';
import { useMemo, useRef } from 'react';
import type { AnyObjectSchema } from 'yup';
import { useImageUpload } from '../pictures/useImageUpload';
import { fieldProps, imageFieldProps, showSaveError } from './formik';
import { maxLengthsOf } from './formSchemas';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid';

export interface PictureFormOptions<V extends { image: File | null }, R = unknown> {
  /** What the fields show first: empty for a new record, its values for one being changed. */
  initialValues: V;
  /** The form's checks; a text field's `max` is also its input's maxLength. */
  validationSchema: AnyObjectSchema;
  /** The picture the record has already: kept when no other file is chosen. */
  currentImage?: string | null;
  /** Saves the record with its picture's address; throws what the API refused (RTK's unwrap). */
  save: (values: V, image: string) => Promise<R>;
  /** API field names the form calls otherwise (the API's `img` is the form's `image`). */
  fieldAliases?: Record<string, keyof V & string>;
  /** After a refused save was shown (under its field, or as a toast). */
  onRefused?: (error: unknown) => Promise<void> | void;
  /** A refusal the form shows in its own way (a conflict panel): no field error, no toast. */
  showsItself?: (error: unknown) => boolean;
  /** After the save, with what it resolved to (the record as saved). */
  onSaved: (saved: R) => void;
}

/**
 * A form with a picture (a review, a profile, a product): on submit the chosen picture is
 * uploaded first, then the record saved with its address. A failed upload was toasted and a
 * refused save is shown; either way everything typed stays for another try. Gives the Formik
 * form, the props of its fields (with their maxLength), of its FormPanel (focus moves to the
 * first invalid field after a submit) and of its ImageField (the chosen file, the upload's
 * progress, the current picture).
 */
export function usePictureForm<V extends { image: File | null }, R = unknown>({
  initialValues,
  validationSchema,
  currentImage = null,
  save,
  fieldAliases,
  onRefused,
  showsItself,
  onSaved,
}: PictureFormOptions<V, R>) {
  const upload = useImageUpload();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormik<V>({
    initialValues,
    validationSchema,
    onSubmit: async (values) => {
      const image = values.image ? await upload.upload(values.image) : currentImage;
      if (!image) return;
      let saved: R;
      try {
        saved = await save(values, image);
      } catch (error) {
        if (!showsItself?.(error)) showSaveError(form, error, fieldAliases);
        await onRefused?.(error);
        return;
      }
      onSaved(saved);
    },
  });
  useFocusFirstInvalid(formRef, form);
  const maxLengths = useMemo(() => maxLengthsOf(validationSchema), [validationSchema]);

  return {
    form,
    /** A text field's props: fieldProps, and the longest text the schema takes. */
    field: (name: keyof V & string) => ({ ...fieldProps(form, name), maxLength: maxLengths[name] }),
    panelProps: { ref: formRef, onSubmit: form.handleSubmit, noValidate: true },
    imageFieldProps: { ...imageFieldProps(form, upload), currentUrl: currentImage },
  };
}
