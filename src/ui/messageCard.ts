import { css } from 'styled-components';

/**
 * A page's one message in a card of its own, centred (an empty bag, a product nobody sells, a
 * page that failed): its heading and paragraphs spaced by the grid's gap, not their margins.
 */
export const messageCard = css`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 36rem;
  margin: ${({ theme }) => theme.space.lg} auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;
  h1,
  h2,
  p {
    margin: 0;
  }
`;
