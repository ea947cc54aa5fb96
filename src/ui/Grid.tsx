import styled from 'styled-components';
import { media } from './theme';

/**
 * A list of cards: one column on phones, two on tablets, `$columns` (3 by default) on large
 * screens. A real <ul>, so screen readers announce how many cards there are. While another page
 * of them loads (`aria-busy`), the cards stay put, dimmed.
 */
export const CardGrid = styled.ul<{ $columns?: 2 | 3 | 4 }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  ${media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.desktop} {
    grid-template-columns: repeat(${({ $columns = 3 }) => $columns}, minmax(0, 1fr));
  }
  transition: opacity 0.2s ease;
  &[aria-busy='true'] {
    /* The cards stay put while the next ones load: dimmed, not replaced by a spinner. */
    opacity: 0.45;
  }
`;
