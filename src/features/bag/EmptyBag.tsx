import styled from 'styled-components';
import { bagCopy } from '../../shared/bag/bagCopy';
import { ButtonLink } from '../../ui/Button';
import { messageCard } from '../../ui/messageCard';

const words = bagCopy.page;

const Box = styled.div`
  ${messageCard}
  svg {
    color: ${({ theme }) => theme.colors.accentText};
  }
`;

/** Nothing in the bag yet: say so kindly and lead to the shop. */
export function EmptyBag() {
  return (
    <Box>
      <svg
        viewBox="0 0 24 24"
        width="56"
        height="56"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      >
        <path d="M5 8h14l-1 12H6L5 8zM9 8V6a3 3 0 0 1 6 0v2" />
      </svg>
      <h2>{words.emptyTitle}</h2>
      <p>{words.emptyHint}</p>
      <ButtonLink to="/shop">{words.goToShop}</ButtonLink>
    </Box>
  );
}
