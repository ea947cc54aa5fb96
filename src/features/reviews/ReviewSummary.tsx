import styled from 'styled-components';
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

/** A rating to one decimal, as the summary shows it (4.33 is 4.3). */
export const oneDecimal = (rating: number) => Math.round(rating * 10) / 10;

/** "4.3 ★★★★☆ average from 306 reviews" above the list, and the way to add one. */
export function ReviewSummary({ average, total }: { average: number; total: number }) {
  const rounded = oneDecimal(average);
  const count = `${total.toLocaleString('en-US')} ${total === 1 ? 'review' : 'reviews'}`;
  return (
    <Box>
      <Average>{rounded.toFixed(1)}</Average>
      <Rating value={rounded} showValue={false} />
      <span>average from {count}</span>
      {/* Adding a review is a signed-in customer's dashboard page. */}
      <Write to="/dashboard/myreview">Write a review</Write>
    </Box>
  );
}
