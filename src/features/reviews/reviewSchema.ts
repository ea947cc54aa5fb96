import * as yup from 'yup';
import { copy } from '../../copy';
import { requiredCount, requiredImage, requiredText } from '../../ui/formSchemas';

export interface ReviewValues {
  name: string;
  description: string;
  /** '' while the number box is empty. */
  Ratings: number | '';
  address: string;
  image: File | null;
}

/** All required with the spec's messages; Ratings a whole number from 1 to 5, as the API takes. */
export const reviewSchema = yup.object({
  name: requiredText(copy.review.nameRequired, 'Your Name', 100),
  description: requiredText(copy.review.descriptionRequired, 'The description', 2000),
  Ratings: requiredCount(copy.review.ratingsRequired, 'Ratings', 1, 5),
  address: requiredText(copy.review.addressRequired, 'The address', 300),
  image: requiredImage(copy.review.imageRequired),
});
