import { useGetReviewsQuery } from '../../store/api';
import { CardGrid } from '../../ui/Grid';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { ReviewCard } from '../../ui/ReviewCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { ReviewSummary } from './ReviewSummary';

/** `/review`: every customer review (the spec's broken fetch, fixed: it reads GET /api/review). */
export function ReviewsPage() {
  usePageTitle(
    'Reviews',
    'What drivers say about our tyres, parts and service, with their ratings, in their own words.',
  );
  const query = useGetReviewsQuery();
  return (
    <Page>
      <PageHeading>Customer reviews</PageHeading>
      <PageIntro>
        What drivers say about our tyres, parts and service, in their own words.
      </PageIntro>
      <QueryState
        query={query}
        loadingLabel="Loading reviews"
        errorMessage="We could not load the reviews."
      >
        {(reviews) =>
          reviews.length === 0 ? (
            <p>
              No reviews yet. Bought from us? Sign in and add the first one from your dashboard.
            </p>
          ) : (
            <>
              <ReviewSummary reviews={reviews} />
              <CardGrid aria-label="Customer reviews">
                {reviews.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review} headingLevel={2} />
                  </li>
                ))}
              </CardGrid>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
