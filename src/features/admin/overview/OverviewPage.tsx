import styled from 'styled-components';
import { overviewCopy } from './overviewCopy';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { media } from '../../../ui/theme';
import { usePageTitle } from '../../../ui/usePageTitle';
import { FailedEmails } from './FailedEmails';
import { LowStock } from './LowStock';
import { useGetOverviewQuery } from './overviewApi';
import { ReturnsWaiting, ToShip } from './queues';
import { RevenueSection } from './RevenueSection';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  ${media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

/** Wide panels take the whole row on a desktop. */
const Wide = styled.div`
  display: grid;
  min-width: 0;
  ${media.desktop} {
    grid-column: 1 / -1;
  }
`;

/**
 * `/dashboard/overview` (admins, issue 30): the day's work first (orders to ship, oldest
 * first, and returns on their way back), the emails the store could not send (each with Retry),
 * then revenue and the products running out. Read again on every visit: it is the admins' day
 * as it stands.
 */
export function OverviewPage() {
  usePageTitle(overviewCopy.title);
  const query = useGetOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHeading>{overviewCopy.title}</PageHeading>
      <PageIntro>{overviewCopy.intro}</PageIntro>
      <QueryState
        query={query}
        loadingLabel={overviewCopy.loading}
        errorMessage={overviewCopy.loadFailed}
      >
        {(overview) => (
          <Grid>
            <Wide>
              <ToShip orders={overview.toShip} count={overview.toShipCount} />
            </Wide>
            <Wide>
              <ReturnsWaiting
                orders={overview.returnsWaiting}
                count={overview.returnsWaitingCount}
              />
            </Wide>
            <Wide>
              <FailedEmails />
            </Wide>
            <RevenueSection revenue={overview.revenue} />
            <LowStock products={overview.lowStock} />
          </Grid>
        )}
      </QueryState>
    </>
  );
}
