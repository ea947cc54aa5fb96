import type { CreateReviewBody, Review } from '@contract/reviews';
import { api, LIST } from '../../store/api';
import { keyedPost, type Keyed } from '../../store/submissionKey';

/** Adding a review; the list (landing page, /review) refetches through its LIST tag. */
export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    addReview: build.mutation<Review, Keyed<CreateReviewBody>>({
      query: (body) => keyedPost('review', body),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Review', id: LIST }]),
    }),
  }),
});

export const { useAddReviewMutation } = reviewsApi;
