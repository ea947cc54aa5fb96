import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { media } from './theme';
import { VisuallyHidden } from './VisuallyHidden';

/** A page number, or the gap (…) between page numbers that are not shown. */
export type PageItem = number | 'gap';

/**
 * The page numbers to show: all of them when there are few, otherwise the first, the last and
 * the current one with its neighbours, gaps between. Always the same number of items (7) once
 * there are more pages than that, so the controls do not jump about from page to page.
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pageCount <= 7) return range(1, pageCount);
  if (page <= 4) return [...range(1, 5), 'gap', pageCount];
  if (page >= pageCount - 3) return [1, 'gap', ...range(pageCount - 4, pageCount)];
  return [1, 'gap', page - 1, page, page + 1, 'gap', pageCount];
}

const Nav = styled.nav`
  display: grid;
  grid-template-columns: 1fr 1fr;
  grid-template-areas:
    'prev next'
    'pages pages';
  align-items: center;
  gap: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
  ${media.tablet} {
    grid-template-columns: 1fr auto 1fr;
    grid-template-areas: 'prev pages next';
  }
`;

const Pages = styled.ol`
  grid-area: pages;
  display: flex;
  /* Longer numbers on a narrow phone wrap rather than stick out. */
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const box = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  text-decoration: none;
`;

const PageLink = styled(Link)`
  ${box}
  /* Seven items (three-digit numbers) fit a 320 px phone. */
  min-width: 40px;
  padding: 0 ${({ theme }) => theme.space.xs};
  ${media.tablet} {
    min-width: 44px;
    padding: 0 ${({ theme }) => theme.space.sm};
  }
  border: 1px solid ${({ theme }) => theme.colors.lineStrong};
  background: ${({ theme }) => theme.colors.surface};
  &:hover {
    border-color: ${({ theme }) => theme.colors.ink};
  }
  &[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.accentStrong};
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
  }
`;

const Gap = styled.li`
  ${box}
  min-width: 1.25rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const step = css`
  ${box}
  gap: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.md};
`;

const StepLink = styled(Link)<{ $area: 'prev' | 'next' }>`
  ${step}
  grid-area: ${({ $area }) => $area};
  justify-self: ${({ $area }) => ($area === 'prev' ? 'start' : 'end')};
  border: 2px solid ${({ theme }) => theme.colors.ink};
  background: ${({ theme }) => theme.colors.surface};
  &:hover {
    background: ${({ theme }) => theme.colors.ink};
    color: ${({ theme }) => theme.colors.surface};
  }
`;

/** Previous on the first page, Next on the last: shown dimmed, not offered. */
const StepOff = styled.span<{ $area: 'prev' | 'next' }>`
  ${step}
  grid-area: ${({ $area }) => $area};
  justify-self: ${({ $area }) => ($area === 'prev' ? 'start' : 'end')};
  border: 2px solid ${({ theme }) => theme.colors.line};
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * Page links for a list split into pages: Previous, a compact set of page numbers (the current
 * one marked with `aria-current`) and Next, in a labelled navigation landmark. Real links, so a
 * page can be opened in a new tab, shared and reached with Back. They do not reset the scroll:
 * the page that shows them moves the view to the top of its list.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
  onIntent,
}: {
  page: number;
  pageCount: number;
  /** Where page `n` lives. */
  hrefFor: (n: number) => string;
  /** Names the landmark, e.g. "Product pages". */
  label: string;
  /** The pointer or focus rests on a link to page `n`: a moment to load it ahead. */
  onIntent?: (n: number) => void;
}) {
  if (pageCount <= 1) return null;
  const intent = (n: number) =>
    onIntent ? { onMouseEnter: () => onIntent(n), onFocus: () => onIntent(n) } : {};
  const previous = page > 1 ? page - 1 : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <Nav aria-label={label}>
      {previous ? (
        <StepLink
          $area="prev"
          to={hrefFor(previous)}
          rel="prev"
          preventScrollReset
          {...intent(previous)}
        >
          <span aria-hidden="true">←</span> Previous<VisuallyHidden> page</VisuallyHidden>
        </StepLink>
      ) : (
        <StepOff $area="prev" aria-hidden="true">
          ← Previous
        </StepOff>
      )}
      <Pages>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <Gap key={`gap-${index}`} aria-hidden="true">
              …
            </Gap>
          ) : (
            <li key={item}>
              <PageLink
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                preventScrollReset
                {...(item === page ? {} : intent(item))}
              >
                {item}
              </PageLink>
            </li>
          ),
        )}
      </Pages>
      {next ? (
        <StepLink $area="next" to={hrefFor(next)} rel="next" preventScrollReset {...intent(next)}>
          Next<VisuallyHidden> page</VisuallyHidden> <span aria-hidden="true">→</span>
        </StepLink>
      ) : (
        <StepOff $area="next" aria-hidden="true">
          Next →
        </StepOff>
      )}
    </Nav>
  );
}
