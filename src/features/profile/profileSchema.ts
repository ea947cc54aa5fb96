import * as yup from 'yup';
import { TEXT_MAX, WEB_URL_PATTERN, WEB_URL_PROBLEM } from '@contract/limits';
import { copy } from '@contract/copy';
import { optionalImage, requiredImage, requiredText } from '../../shared/forms/formSchemas';

export interface ProfileValues {
  name: string;
  instituteName: string;
  Department: string;
  Address: string;
  Linkedin: string;
  image: File | null;
}

const labels = copy.profile.fields;

/** The API's words for a Linkedin link it will not take. */
export const LINKEDIN_MESSAGE = `${labels.linkedin} ${WEB_URL_PROBLEM}.`;

/**
 * Every field required with the spec's messages; lengths and the Linkedin address as the API
 * takes them. With a saved picture the image may stay as it is.
 */
export function profileSchema({ hasImage }: { hasImage: boolean }) {
  const m = copy.profile;
  return yup.object({
    name: requiredText(m.nameRequired, labels.name, TEXT_MAX.personName),
    instituteName: requiredText(m.instituteRequired, labels.institute, TEXT_MAX.institute),
    Department: requiredText(m.departmentRequired, labels.department, TEXT_MAX.department),
    Address: requiredText(m.addressRequired, labels.address, TEXT_MAX.address),
    Linkedin: requiredText(m.linkedinRequired, labels.linkedin, TEXT_MAX.webUrl).matches(
      new RegExp(WEB_URL_PATTERN),
      LINKEDIN_MESSAGE,
    ),
    image: hasImage ? optionalImage() : requiredImage(m.imageRequired),
  });
}
