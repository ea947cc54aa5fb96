import styled from 'styled-components';
import type { ReviewList } from '@contract/reviews';
import { Rating } from '../../ui/Rating';
import { TextLink } from '../../ui/TextLink';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.line};
`;

const Write = styled(TextLink)`
  margin-left: auto;
`;

const Average = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

/** Average of the Ratings, to one decimal (4.3). */
export function averageRating(reviews: ReviewList): number {
  if (reviews.length === 0) return 0;
  const total = reviews.reduce((sum, review) => sum + review.Ratings, 0);
  return Math.round((total / reviews.length) * 10) / 10;
}

/** "4.3 ★★★★☆ average from 6 reviews" above the list, and the way to add one. */
export function ReviewSummary({ reviews }: { reviews: ReviewList }) {
  const average = averageRating(reviews);
  const count = `${reviews.length} ${reviews.length === 1 ? 'review' : 'reviews'}`;
  return (
    <Box>
      <Average>{average.toFixed(1)}</Average>
      <Rating value={average} showValue={false} />
      <span>average from {count}</span>
      {/* Adding a review is a signed-in customer's dashboard page. */}
      <Write to="/dashboard/myreview">Write a review</Write>
    </Box>
  );
}
