import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import type { Profile } from '@contract/profiles';
import { copy } from '@contract/copy';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../ui/Form';
import { ImageField } from '../../ui/ImageField';
import { Spinner } from '../../ui/Spinner';
import { TextLink } from '../../ui/TextLink';
import { usePictureForm } from '../../shared/forms/usePictureForm';
import { useSaveProfileMutation } from '../../shared/profile/profileApi';
import { profileSchema, type ProfileValues } from './profileSchema';
import { isRefusedSignIn, useEndRefusedSession } from './useEndRefusedSession';

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
  const endRefusedSession = useEndRefusedSession();
  const [saveProfile] = useSaveProfileMutation();
  const savedImage = profile?.image || null;
  const validationSchema = useMemo(
    () => profileSchema({ hasImage: Boolean(savedImage) }),
    [savedImage],
  );

  const { form, field, panelProps, imageFieldProps } = usePictureForm<ProfileValues>({
    initialValues: {
      name: profile?.name ?? displayName ?? '',
      instituteName: profile?.instituteName ?? '',
      Department: profile?.Department ?? '',
      Address: profile?.Address ?? '',
      Linkedin: profile?.Linkedin ?? '',
      image: null,
    },
    validationSchema,
    currentImage: savedImage,
    save: (values, image) =>
      saveProfile({
        email,
        name: values.name.trim(),
        instituteName: values.instituteName.trim(),
        Department: values.Department.trim(),
        Address: values.Address.trim(),
        Linkedin: values.Linkedin.trim(),
        image,
      }).unwrap(),
    // As on the profile page: a refused sign-in ends the session.
    onRefused: async (error) => {
      if (isRefusedSignIn(error)) await endRefusedSession();
    },
    onSaved: () => {
      toast.success(copy.profile.updated);
      navigate('/dashboard/profile');
    },
  });

  return (
    <FormPanel {...panelProps} aria-label={copy.profile.update}>
      <FieldRow>
        <TextField label={copy.profile.fields.name} autoComplete="name" {...field('name')} />
        <TextField
          label={copy.profile.fields.email}
          type="email"
          name="email"
          value={email}
          readOnly
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label={copy.profile.fields.institute}
          autoComplete="organization"
          {...field('instituteName')}
        />
        <TextField label={copy.profile.fields.department} {...field('Department')} />
      </FieldRow>
      <TextField
        label={copy.profile.fields.address}
        autoComplete="street-address"
        {...field('Address')}
      />
      <TextField
        label={copy.profile.fields.linkedin}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://www.linkedin.com/in/your-name"
        {...field('Linkedin')}
      />
      <ImageField label={copy.profile.fields.image} round {...imageFieldProps} />
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
