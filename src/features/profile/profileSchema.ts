import * as yup from 'yup';
import { copy } from '../../copy';
import { optionalImage, requiredImage, requiredText } from '../../ui/formSchemas';

export interface ProfileValues {
  name: string;
  instituteName: string;
  Department: string;
  Address: string;
  Linkedin: string;
  image: File | null;
}

export const LINKEDIN_MESSAGE = 'Linkedin must be a web address starting with http:// or https://';

/**
 * Every field required with the spec's messages; lengths and the Linkedin address as the API
 * takes them. With a saved picture the image may stay as it is.
 */
export function profileSchema({ hasImage }: { hasImage: boolean }) {
  const m = copy.profile;
  return yup.object({
    name: requiredText(m.nameRequired, 'Name', 100),
    instituteName: requiredText(m.instituteRequired, 'Institute name', 160),
    Department: requiredText(m.departmentRequired, 'Department', 120),
    Address: requiredText(m.addressRequired, 'Address', 300),
    Linkedin: requiredText(m.linkedinRequired, 'Linkedin', 300).matches(
      /^https?:\/\/\S+$/,
      LINKEDIN_MESSAGE,
    ),
    image: hasImage ? optionalImage() : requiredImage(m.imageRequired),
  });
}
