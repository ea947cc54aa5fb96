import styled from 'styled-components';
import { useGetReviewsQuery } from '../../store/api';
import { QueryState } from '../../shared/QueryState';
import { CardGrid } from '../../ui/Grid';
import { ReviewCard } from '../../ui/ReviewCard';
import { TextLink } from '../../ui/TextLink';
import { modelCopy } from './modelCopy';
import { STORE_REVIEWS } from './storeReviews';

const copy = modelCopy.reviews;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    max-width: ${({ theme }) => theme.textWidth};
  }
`;

/**
 * The model's reviews: the store keeps reviews of the store, none of a size (no product, car
 * or distance driven is stored with one), so the page says so and shows the store's newest,
 * with its average.
 */
export function ModelReviews() {
  const query = useGetReviewsQuery(STORE_REVIEWS);
  return (
    <Section aria-labelledby="model-reviews">
      <h2 id="model-reviews">{copy.heading}</h2>
      <p>{copy.storeOnly}</p>
      <QueryState query={query} loadingLabel={copy.loading} errorMessage={copy.loadFailed}>
        {({ reviews, average, total }) =>
          reviews.length === 0 ? (
            <p>{copy.none}</p>
          ) : (
            <>
              {average !== null && <p>{copy.average(average.toFixed(1), total)}</p>}
              <CardGrid aria-label={copy.heading}>
                {reviews.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review} />
                  </li>
                ))}
              </CardGrid>
              <p>
                <TextLink to="/review">{copy.all}</TextLink>
              </p>
            </>
          )
        }
      </QueryState>
    </Section>
  );
}
