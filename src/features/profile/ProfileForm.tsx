import { useFormik } from 'formik';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import type { Profile } from '../../../server/src/contract/profiles';
import { copy } from '../../copy';
import { apiErrorStatus } from '../../store/apiError';
import { useAppDispatch } from '../../store/hooks';
import { logOut } from '../../store/session';
import { useImageUpload } from '../../store/useImageUpload';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../ui/Form';
import { fieldProps, imageFieldProps, showSaveError } from '../../ui/formik';
import { ImageField } from '../../ui/ImageField';
import { Spinner } from '../../ui/Spinner';
import { TextLink } from '../../ui/TextLink';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid';
import { useSaveProfileMutation } from './profileApi';
import { profileSchema, type ProfileValues } from './profileSchema';

/**
 * The profile form: filled from the saved profile when there is one. The picture is uploaded
 * first, then the profile saved; on success the spec's toast and back to the profile.
 */
export function ProfileForm({
  email,
  displayName,
  profile,
}: {
  email: string;
  displayName: string | null;
  profile: Profile | null;
}) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [saveProfile] = useSaveProfileMutation();
  const image = useImageUpload();
  const formRef = useRef<HTMLFormElement>(null);
  const savedImage = profile?.image || null;
  const validationSchema = useMemo(
    () => profileSchema({ hasImage: Boolean(savedImage) }),
    [savedImage],
  );

  const form = useFormik<ProfileValues>({
    initialValues: {
      name: profile?.name ?? displayName ?? '',
      instituteName: profile?.instituteName ?? '',
      Department: profile?.Department ?? '',
      Address: profile?.Address ?? '',
      Linkedin: profile?.Linkedin ?? '',
      image: null,
    },
    validationSchema,
    onSubmit: async (values) => {
      const picture = values.image ? await image.upload(values.image) : savedImage;
      // A failed upload was toasted; everything typed stays for another try.
      if (!picture) return;
      try {
        await saveProfile({
          email,
          name: values.name.trim(),
          instituteName: values.instituteName.trim(),
          Department: values.Department.trim(),
          Address: values.Address.trim(),
          Linkedin: values.Linkedin.trim(),
          image: picture,
        }).unwrap();
      } catch (error) {
        showSaveError(form, error);
        const status = apiErrorStatus(error);
        // As on the profile page: a refused sign-in ends the session.
        if (status === 401 || status === 403) {
          await dispatch(logOut());
          navigate('/home', { replace: true });
        }
        return;
      }
      toast.success(copy.profile.updated);
      navigate('/dashboard/profile');
    },
  });
  useFocusFirstInvalid(formRef, form);

  return (
    <FormPanel
      ref={formRef}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={copy.profile.update}
    >
      <FieldRow>
        <TextField label="Name" autoComplete="name" maxLength={100} {...fieldProps(form, 'name')} />
        <TextField label="Email" type="email" name="email" value={email} readOnly />
      </FieldRow>
      <FieldRow>
        <TextField
          label="Institute name"
          autoComplete="organization"
          maxLength={160}
          {...fieldProps(form, 'instituteName')}
        />
        <TextField label="Department" maxLength={120} {...fieldProps(form, 'Department')} />
      </FieldRow>
      <TextField
        label="Address"
        autoComplete="street-address"
        maxLength={300}
        {...fieldProps(form, 'Address')}
      />
      <TextField
        label="Linkedin link"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://www.linkedin.com/in/your-name"
        maxLength={300}
        {...fieldProps(form, 'Linkedin')}
      />
      <ImageField label="Image" round currentUrl={savedImage} {...imageFieldProps(form, image)} />
      <FormActions>
        <Button type="submit" disabled={form.isSubmitting}>
          {copy.profile.updateButton}
        </Button>
        {form.isSubmitting && <Spinner inline label="Saving your profile" showLabel />}
        {!form.isSubmitting && <TextLink to="/dashboard/profile">Cancel</TextLink>}
      </FormActions>
    </FormPanel>
  );
}
