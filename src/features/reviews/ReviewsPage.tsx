import styled from 'styled-components';
import { CardGrid } from '../../ui/Grid';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { showingText } from '../../ui/pageNumber';
import { PagedList } from '../../ui/PagedList';
import { QueryState } from '../../shared/QueryState';
import { ReviewCard } from '../../ui/ReviewCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { ReviewSummary } from './ReviewSummary';
import { useReviewsPage } from './useReviewsPage';

/** Spaced from the "Showing …" line above it. */
const ReviewGrid = styled(CardGrid)`
  margin-top: ${({ theme }) => theme.space.md};
`;

const REVIEW_NOUN = { one: 'review', many: 'reviews' };

/**
 * `/review`: the customer reviews, newest first, a page at a time (`/review?page=2`), with their
 * average (the spec's broken fetch, fixed: it reads GET /api/review).
 */
export function ReviewsPage() {
  usePageTitle(
    'Reviews',
    'What drivers say about our tyres, parts and service, with their ratings, in their own words.',
  );
  const { query, ...paging } = useReviewsPage();
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
        {(shown) =>
          shown.total === 0 ? (
            <p>
              No reviews yet. Bought from us? Sign in and add the first one from your dashboard.
            </p>
          ) : (
            <>
              <ReviewSummary average={shown.average ?? 0} total={shown.total} />
              <PagedList
                paging={paging}
                showing={showingText(
                  { offset: shown.offset, shown: shown.reviews.length, total: shown.total },
                  REVIEW_NOUN,
                )}
                label="Review pages"
              >
                <ReviewGrid aria-label="Customer reviews" aria-busy={paging.busy}>
                  {shown.reviews.map((review) => (
                    <li key={review._id}>
                      <ReviewCard review={review} headingLevel={2} />
                    </li>
                  ))}
                </ReviewGrid>
              </PagedList>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
