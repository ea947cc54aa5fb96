import { useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { TyreModel } from '@contract/models';
import type { Product } from '@contract/products';
import type { ModelReview } from '@contract/reviews';
import { distanceText, distanceUnitOf } from '@contract/reviewDriving';
import { MODEL_REVIEW_PAGE } from '@contract/pageSizes';
import { QueryState } from '../../shared/QueryState';
import { useMarketCode } from '../../shared/markets/marketChoice';
import { CardGrid } from '../../ui/Grid';
import { pageCountOf, showingText } from '../../ui/pageNumber';
import { Pagination } from '../../ui/Pagination';
import { ReviewCard } from '../../ui/ReviewCard';
import { TextLink } from '../../ui/TextLink';
import { modelCopy } from './modelCopy';
import { modelReviewArgs, reviewPageHref, reviewPageInAddress } from './modelReviewPage';
import { useGetModelReviewsQuery } from './modelReviewsApi';
import { sizeName } from './SizesTable';

const copy = modelCopy.reviews;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
  /* Clear of the sticky navbar when a page link scrolls here. */
  scroll-margin-top: 5rem;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  > p {
    margin: 0;
    max-width: ${({ theme }) => theme.textWidth};
  }
`;

/** A review's size, car and distance: a term and its value a line. */
const Driving = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 700;
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

function DrivingFacts({
  review,
  size,
  market,
}: {
  review: ModelReview;
  size: string;
  market: string;
}) {
  return (
    <Driving>
      <dt>{copy.size}</dt>
      <dd>{size}</dd>
      {review.car && (
        <>
          <dt>{copy.car}</dt>
          <dd>{`${review.car.make} ${review.car.model} (${review.car.year})`}</dd>
        </>
      )}
      {review.distanceKm !== null && (
        <>
          <dt>{copy.distance}</dt>
          <dd>{distanceText(review.distanceKm, distanceUnitOf(market))}</dd>
        </>
      )}
    </Driving>
  );
}

/**
 * The reviews of every size of the model together, newest first, a page at a time (`?reviews=2`,
 * the chosen size kept): each says which size it is of, and the car and distance driven when
 * the reviewer gave them (the distance in the shopper's market's unit). The chosen size links
 * to the review form.
 */
export function ModelReviews({ model, chosen }: { model: TyreModel; chosen: Product }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const market = useMarketCode();
  const page = reviewPageInAddress(params);
  const query = useGetModelReviewsQuery(modelReviewArgs(model._id, page));
  const sizeOf = (review: ModelReview) => {
    const onSale = model.sizes.find((size) => size._id === review.size._id);
    return onSale ? sizeName(onSale) : review.size.name;
  };
  return (
    <Section id="model-reviews" aria-labelledby="model-reviews-heading">
      <h2 id="model-reviews-heading">{copy.heading}</h2>
      <p>
        <TextLink to={`/dashboard/myreview?product=${chosen._id}`}>
          {copy.write(sizeName(chosen))}
        </TextLink>
      </p>
      <QueryState query={query} loadingLabel={copy.loading} errorMessage={copy.loadFailed}>
        {({ reviews, average, total, offset }) =>
          total === 0 ? (
            <p>{copy.none}</p>
          ) : (
            <>
              {average !== null && <p>{copy.average(average.toFixed(1), total)}</p>}
              <p role="status">
                {showingText({ offset, shown: reviews.length, total }, copy.noun)}
              </p>
              <CardGrid aria-label={copy.heading}>
                {reviews.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review}>
                      <DrivingFacts review={review} size={sizeOf(review)} market={market} />
                    </ReviewCard>
                  </li>
                ))}
              </CardGrid>
              <Pagination
                page={page}
                pageCount={pageCountOf(total, MODEL_REVIEW_PAGE)}
                hrefFor={(n) => reviewPageHref(pathname, params, n)}
                label={copy.pages}
              />
            </>
          )
        }
      </QueryState>
    </Section>
  );
}
