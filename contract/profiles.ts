import { Type, type Static } from '@sinclair/typebox';
import { copy } from './copy';
import { ImageUrl, labelled, NonBlank, WebUrl } from './common';
import { TEXT_MAX } from './limits';
import { Email } from './users';

/** A user's profile as the spec names its fields. */
export const Profile = Type.Object(
  {
    name: Type.String(),
    email: Type.String(),
    Department: Type.String(),
    Address: Type.String(),
    instituteName: Type.String(),
    Linkedin: Type.String(),
    image: Type.String({ description: 'Image URL' }),
  },
  { $id: 'Profile' },
);
export type Profile = Static<typeof Profile>;

/** The email always comes from the sign-in; a different one in the body is refused. */
export const SaveProfileBody = Type.Object(
  {
    name: NonBlank(TEXT_MAX.personName, copy.profile.fields.name),
    email: Type.Optional(labelled(Email, copy.profile.fields.email)),
    Department: NonBlank(TEXT_MAX.department, copy.profile.fields.department),
    Address: NonBlank(TEXT_MAX.address, copy.profile.fields.address),
    instituteName: NonBlank(TEXT_MAX.institute, copy.profile.fields.institute),
    Linkedin: labelled(WebUrl, copy.profile.fields.linkedin),
    image: labelled(ImageUrl, copy.profile.fields.image),
  },
  { additionalProperties: false },
);
export type SaveProfileBody = Static<typeof SaveProfileBody>;

export const ProfileQuery = Type.Object({ email: Email }, { additionalProperties: false });
export type ProfileQuery = Static<typeof ProfileQuery>;
