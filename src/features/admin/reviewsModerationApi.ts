import type { ModeratedReview, ModeratedReviewList, ReviewVisibilityBody } from '@contract/reviews';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, LIST, type ReviewPageArgs } from '../../store/api';

/** A page of the moderation list and how many reviews there are in all, hidden ones too. */
export interface ModerationPage extends ReviewPageArgs {
  reviews: ModeratedReviewList;
  total: number;
}

/**
 * The admins' moderation of reviews: every review, hidden ones too, a page at a time, and
 * hiding one from the public or showing it again. Either way the public lists (the landing
 * page, /review) load again through the reviews' LIST tag.
 */
export const reviewsModerationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviewsToModerate: build.query<ModerationPage, ReviewPageArgs>({
      query: ({ limit, offset }) => `review/moderation?limit=${limit}&offset=${offset}`,
      transformResponse: (reviews: ModeratedReviewList, meta, { limit, offset }) => {
        const total = Number(
          (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('x-total-count'),
        );
        return {
          reviews,
          limit,
          offset,
          total: Number.isSafeInteger(total) ? total : offset + reviews.length,
        };
      },
      providesTags: (result) => [
        { type: 'Review', id: LIST },
        ...(result?.reviews ?? []).map((review) => ({ type: 'Review' as const, id: review._id })),
      ],
    }),
    setReviewHidden: build.mutation<ModeratedReview, ReviewVisibilityBody & { id: string }>({
      query: ({ id, hidden }) => ({
        url: `review/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { hidden },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Review', id: LIST },
              { type: 'Review', id },
            ],
    }),
  }),
});

export const { useGetReviewsToModerateQuery, useSetReviewHiddenMutation } = reviewsModerationApi;
