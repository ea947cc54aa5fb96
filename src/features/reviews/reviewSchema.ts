import * as yup from 'yup';
import { RATINGS, TEXT_MAX } from '@contract/limits';
import { copy } from '@contract/copy';
import { requiredCount, requiredImage, requiredText } from '../../shared/forms/formSchemas';

export interface ReviewValues {
  name: string;
  description: string;
  /** '' while the number box is empty. */
  Ratings: number | '';
  address: string;
  image: File | null;
}

const labels = copy.review.fields;

/** All required with the spec's messages; Ratings a whole number from 1 to 5, as the API takes. */
export const reviewSchema = yup.object({
  name: requiredText(copy.review.nameRequired, labels.name, TEXT_MAX.personName),
  description: requiredText(
    copy.review.descriptionRequired,
    labels.description,
    TEXT_MAX.description,
  ),
  Ratings: requiredCount(copy.review.ratingsRequired, labels.ratings, RATINGS.min, RATINGS.max),
  address: requiredText(copy.review.addressRequired, labels.address, TEXT_MAX.address),
  image: requiredImage(copy.review.imageRequired),
});
