import styled from 'styled-components';

/**
 * The "Showing …" line above a list split into pages: where usePageFocus moves focus after a
 * page link (give it tabIndex -1 and role="status"), clear of the sticky navbar.
 */
export const PageShowing = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  /* Clear of the sticky navbar when scrolled to. */
  scroll-margin-top: 5rem;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;
