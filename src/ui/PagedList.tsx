import type { ReactNode, RefObject } from 'react';
import styled from 'styled-components';
import { PageShowing } from './PageShowing';
import { Pagination } from './Pagination';
import { Spinner } from './Spinner';

const ListHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  min-height: 2rem;
`;

/** What a list split into pages gets from its page hook (useShopPage, useReviewsPage). */
export interface Paging {
  page: number;
  pageCount: number;
  hrefFor: (n: number) => string;
  loadAhead: (n: number) => void;
  /** The "Showing …" line, where focus goes after a page link (usePageFocus). */
  topRef: RefObject<HTMLParagraphElement | null>;
  /** Another page is loading while this one stays. */
  busy: boolean;
}

/**
 * A page of a list: its "Showing …" line (with a spinner while the next page loads), the items
 * and the page links. A fragment, so the three stand in the parent's layout.
 */
export function PagedList({
  paging: { page, pageCount, hrefFor, loadAhead, topRef, busy },
  showing,
  label,
  children,
}: {
  paging: Paging;
  showing: ReactNode;
  /** Names the page links' landmark, e.g. "Product pages". */
  label: string;
  children: ReactNode;
}) {
  return (
    <>
      <ListHead>
        <PageShowing ref={topRef} tabIndex={-1} role="status">
          {showing}
        </PageShowing>
        {busy && <Spinner inline showLabel label={`Loading page ${page}`} />}
      </ListHead>
      {children}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={hrefFor}
        label={label}
        onIntent={loadAhead}
      />
    </>
  );
}
