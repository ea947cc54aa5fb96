import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { toast } from 'react-toastify';
import { REVIEW_PAGE } from '@contract/pageSizes';
import type { ModeratedReview } from '@contract/reviews';
import { apiErrorMessage } from '../../store/apiError';
import { Button } from '../../ui/Button';
import { PageHeading, PageIntro } from '../../ui/Page';
import { isPastTheEnd, pageCountOf, parsePage, searchFor, showingText } from '../../ui/pageNumber';
import { Pagination } from '../../ui/Pagination';
import { QueryState } from '../../shared/QueryState';
import { Spinner } from '../../ui/Spinner';
import { Table, TableEmpty, TableHeader } from '../../ui/Table';
import { usePageFocus } from '../../ui/usePageFocus';
import { usePageTitle } from '../../ui/usePageTitle';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { useGetReviewsToModerateQuery, useSetReviewHiddenMutation } from './reviewsModerationApi';

export const MODERATION_TITLE = 'Reviews';

/** Rows on a page of the moderation list (within the most the API answers at once). */
const ROWS = Math.min(20, REVIEW_PAGE.max);

const COLUMNS = ['Review', 'Ratings', 'Written by', 'Written on', 'Status'] as const;

const Summary = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  scroll-margin-top: 5rem;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Written = styled.span`
  display: grid;
  gap: 0.2rem;
  min-width: 12rem;
  max-width: 34rem;
`;

const Name = styled.strong`
  overflow-wrap: anywhere;
`;

/** Four lines of the text: enough to judge most reviews without a page of one. */
const Text = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 4;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-weight: 400;
  overflow-wrap: anywhere;
`;

const Plain = styled.span`
  overflow-wrap: anywhere;
`;

const Figure = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Badge = styled.span<{ $hidden: boolean }>`
  display: inline-flex;
  align-items: center;
  padding: 0.1rem ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ $hidden, theme }) => ($hidden ? theme.colors.dangerSoft : '#dcfce7')};
  color: ${({ $hidden, theme }) => ($hidden ? theme.colors.danger : '#14532d')};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
`;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function ReviewRow({
  review,
  busy,
  onChange,
}: {
  review: ModeratedReview;
  busy: boolean;
  onChange: (review: ModeratedReview, hidden: boolean) => void;
}) {
  // Each button names its review: a screen reader's list of buttons tells them apart.
  const of = <VisuallyHidden> the review by {review.name}</VisuallyHidden>;
  return (
    <tr role="row">
      <th role="rowheader" scope="row" data-label={COLUMNS[0]}>
        <Written>
          <Name>{review.name}</Name>
          <Text>{review.description}</Text>
        </Written>
      </th>
      <Figure role="cell" data-label={COLUMNS[1]}>
        {review.Ratings} / 5
      </Figure>
      <td role="cell" data-label={COLUMNS[2]}>
        <Plain>{review.authorEmail ?? 'The store (seeded)'}</Plain>
      </td>
      <Figure role="cell" data-label={COLUMNS[3]}>
        {dateOf(review.createdAt)}
      </Figure>
      <td role="cell" data-label={COLUMNS[4]}>
        <Badge $hidden={review.hidden}>{review.hidden ? 'Hidden' : 'Shown'}</Badge>
      </td>
      <td role="cell">
        {review.hidden ? (
          <Button $size="sm" disabled={busy} onClick={() => onChange(review, false)}>
            Show{of}
          </Button>
        ) : (
          <Button
            $size="sm"
            $variant="danger"
            disabled={busy}
            onClick={() => onChange(review, true)}
          >
            Hide{of}
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * `/dashboard/reviews` (admins): every review, newest first, hidden ones too, a page at a time
 * (`?page=2`); per row Hide (the review leaves the landing page and /review at once, for
 * everyone but admins) or Show again.
 */
export function ReviewModerationPage() {
  usePageTitle(MODERATION_TITLE);
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const page = parsePage(params.get('page'));
  const query = useGetReviewsToModerateQuery({ limit: ROWS, offset: (page - 1) * ROWS });
  const [setHidden] = useSetReviewHiddenMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const hrefFor = useCallback(
    (n: number) => `${pathname}${searchFor(new URLSearchParams(), n)}`,
    [pathname],
  );
  const data = query.currentData;
  const topRef = usePageFocus(page, data !== undefined);

  // The URL says what is shown: junk out of it, a page past the end to the last page.
  const lastPage = data && isPastTheEnd(data) ? pageCountOf(data.total, ROWS) : null;
  useEffect(() => {
    const want = searchFor(new URLSearchParams(), lastPage ?? page);
    if (want !== search) void navigate(`${pathname}${want}`, { replace: true });
  }, [lastPage, page, search, pathname, navigate]);

  const change = async (review: ModeratedReview, hidden: boolean) => {
    setBusyId(review._id);
    try {
      await setHidden({ id: review._id, hidden }).unwrap();
      toast.success(
        hidden
          ? `The review by ${review.name} is hidden: only admins see it now.`
          : `The review by ${review.name} is shown again.`,
      );
    } catch (error) {
      toast.error(apiErrorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <PageHeading>{MODERATION_TITLE}</PageHeading>
      <PageIntro>
        Every review written in the store, newest first. Hide one that breaks the rules: it leaves
        the landing page and the reviews page at once, and you can show it again.
      </PageIntro>
      <QueryState
        query={query}
        loadingLabel="Loading reviews"
        errorMessage="We could not load the reviews."
      >
        {(shown) =>
          shown.total === 0 ? (
            <TableEmpty>No reviews have been written yet.</TableEmpty>
          ) : (
            <>
              <Summary ref={topRef} tabIndex={-1} role="status">
                {showingText(
                  { offset: shown.offset, shown: shown.reviews.length, total: shown.total },
                  { one: 'review', many: 'reviews' },
                )}
                {query.isFetching && <Spinner inline label="Updating the list" />}
              </Summary>
              <Table caption="Reviews to moderate" hideCaption stackOnPhones>
                <TableHeader columns={[...COLUMNS, 'Actions']} />
                <tbody role="rowgroup">
                  {shown.reviews.map((review) => (
                    <ReviewRow
                      key={review._id}
                      review={review}
                      busy={busyId === review._id}
                      onChange={(r, hidden) => void change(r, hidden)}
                    />
                  ))}
                </tbody>
              </Table>
              <Pagination
                page={page}
                pageCount={pageCountOf(shown.total, ROWS)}
                hrefFor={hrefFor}
                label="Review pages"
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}
