import { Type, type Static } from '@sinclair/typebox';
import { ImageUrl, NonBlank, WebUrl } from './common';
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
    name: NonBlank(100),
    email: Type.Optional(Email),
    Department: NonBlank(120),
    Address: NonBlank(300),
    instituteName: NonBlank(160),
    Linkedin: WebUrl,
    image: ImageUrl,
  },
  { additionalProperties: false },
);
export type SaveProfileBody = Static<typeof SaveProfileBody>;

export const ProfileQuery = Type.Object({ email: Email }, { additionalProperties: false });
export type ProfileQuery = Static<typeof ProfileQuery>;
