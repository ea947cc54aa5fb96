import styled from 'styled-components';

const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Stars = styled.span`
  display: inline-flex;
  gap: 2px;
  svg {
    width: 1.1rem;
    height: 1.1rem;
  }
`;

const Value = styled.span`
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`;

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" focusable="false">
      <path
        d={STAR}
        fill={filled ? '#d97706' : '#e5e7eb'}
        stroke={filled ? '#b45309' : '#9ca3af'}
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A review's Ratings: the number beside its stars, as the spec shows it. One accessible name
 * ("Rated 4 out of 5") instead of five star images and a bare digit.
 */
export function Rating({
  value,
  max = 5,
  showValue = true,
}: {
  value: number;
  max?: number;
  /** Off where the number is already printed beside it. */
  showValue?: boolean;
}) {
  const filled = Math.max(0, Math.min(max, Math.round(value)));
  return (
    <Wrapper role="img" aria-label={`Rated ${value} out of ${max}`}>
      <Stars aria-hidden="true">
        {Array.from({ length: max }, (_, index) => (
          <Star key={index} filled={index < filled} />
        ))}
      </Stars>
      {showValue && <Value aria-hidden="true">{value}</Value>}
    </Wrapper>
  );
}
