import styled from 'styled-components';
import { CardGrid } from '../../ui/Grid';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { showingText } from '../../ui/pageNumber';
import { Pagination } from '../../ui/Pagination';
import { QueryState } from '../../shared/QueryState';
import { ReviewCard } from '../../ui/ReviewCard';
import { Spinner } from '../../ui/Spinner';
import { usePageTitle } from '../../ui/usePageTitle';
import { ReviewSummary } from './ReviewSummary';
import { useReviewsPage } from './useReviewsPage';
import { PageShowing } from '../../ui/PageShowing';

const ListHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  min-height: 2rem;
  margin-bottom: ${({ theme }) => theme.space.md};
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
  const { page, pageCount, hrefFor, loadAhead, topRef, busy, query } = useReviewsPage();
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
              <ListHead>
                <PageShowing ref={topRef} tabIndex={-1} role="status">
                  {showingText(
                    { offset: shown.offset, shown: shown.reviews.length, total: shown.total },
                    REVIEW_NOUN,
                  )}
                </PageShowing>
                {busy && <Spinner inline showLabel label={`Loading page ${page}`} />}
              </ListHead>
              <CardGrid aria-label="Customer reviews" aria-busy={busy}>
                {shown.reviews.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review} headingLevel={2} />
                  </li>
                ))}
              </CardGrid>
              <Pagination
                page={page}
                pageCount={pageCount}
                hrefFor={hrefFor}
                label="Review pages"
                onIntent={loadAhead}
              />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
