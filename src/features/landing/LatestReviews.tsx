import { useGetReviewsQuery } from '../../store/api';
import { CardGrid } from '../../ui/Grid';
import { Eyebrow, Section, SectionHeader, SectionHeading } from '../../ui/Page';
import { QueryState } from '../../shared/QueryState';
import { ReviewCard } from '../../ui/ReviewCard';
import { TextLink } from '../../ui/TextLink';
import { LATEST_REVIEWS } from './landingLoader';

/** The landing page's customer review grid: the newest few; /review has them all. */
export function LatestReviews() {
  const query = useGetReviewsQuery(LATEST_REVIEWS);
  return (
    <Section aria-labelledby="landing-reviews">
      <SectionHeader>
        <div>
          <Eyebrow>Reviews</Eyebrow>
          <SectionHeading id="landing-reviews">What our customers say</SectionHeading>
        </div>
        <TextLink to="/review">Read all reviews</TextLink>
      </SectionHeader>
      <QueryState
        query={query}
        loadingLabel="Loading reviews"
        errorMessage="We could not load the reviews."
      >
        {({ reviews }) =>
          reviews.length === 0 ? (
            <p>No reviews yet.</p>
          ) : (
            <CardGrid aria-label="Customer reviews">
              {reviews.map((review) => (
                <li key={review._id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </CardGrid>
          )
        }
      </QueryState>
    </Section>
  );
}
