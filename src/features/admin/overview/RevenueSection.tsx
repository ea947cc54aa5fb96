import { lazy, Suspense, useMemo } from 'react';
import styled from 'styled-components';
import type { RevenueDay } from '@contract/overview';
import { overviewCopy } from './overviewCopy';
import { Spinner } from '../../../ui/Spinner';
import { visuallyHidden } from '../../../ui/VisuallyHidden';
import { ChartBoundary } from './ChartBoundary';
import { Panel, PanelHeader } from './panel';
import { formatDollars, netRevenue, revenueTotals, shortDay } from './revenue';

// Its own chunk: the chart library loads with the chart, after the page's figures are shown.
const RevenueChart = lazy(() =>
  import(/* webpackChunkName: "revenue-chart" */ './RevenueChart').then((m) => ({
    default: m.RevenueChart,
  })),
);

/** uPlot draws on a canvas and reads the screen's pixel ratio from matchMedia at load. */
const canDraw = () =>
  typeof window.matchMedia === 'function' && typeof ResizeObserver === 'function';

const Totals = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
  margin: 0;
  div {
    display: grid;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;

const Figure = styled.figure`
  /* Holds the hidden table, which would otherwise widen the page. */
  position: relative;
  margin: 0;
  min-width: 0;
  figcaption {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The figures for screen readers, day by day (the chart's canvas says nothing). */
const HiddenFigures = styled.div`
  ${visuallyHidden}
`;

const { revenue: words } = overviewCopy;

/**
 * Revenue of the last 30 days, refunds subtracted: the totals for the 30 days and today, a bar
 * per day (a lazy chunk), and the same figures as a table that screen readers read instead.
 */
export function RevenueSection({ revenue }: { revenue: RevenueDay[] }) {
  const days = useMemo(() => netRevenue(revenue), [revenue]);
  const { total, today } = revenueTotals(days);
  return (
    <Panel aria-labelledby="overview-revenue">
      <PanelHeader>
        <h2 id="overview-revenue">{words.heading}</h2>
      </PanelHeader>
      <Totals>
        <div>
          <dt>{words.total}</dt>
          <dd>{formatDollars(total)}</dd>
        </div>
        <div>
          <dt>{words.today}</dt>
          <dd>{formatDollars(today)}</dd>
        </div>
      </Totals>
      <Figure>
        {canDraw() && (
          <ChartBoundary>
            <Suspense fallback={<Spinner label={words.loadingChart} />}>
              <RevenueChart days={days} />
            </Suspense>
          </ChartBoundary>
        )}
        <figcaption>{words.explain}</figcaption>
        <HiddenFigures>
          {/* A plain table: the ui Table's scroll box takes focus, which a hidden one must not. */}
          <table>
            <caption>{words.caption}</caption>
            <thead>
              <tr>
                {words.columns.map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{shortDay(day.day)}</th>
                  <td>{formatDollars(day.paid)}</td>
                  <td>{formatDollars(day.refunded)}</td>
                  <td>{formatDollars(day.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </HiddenFigures>
      </Figure>
    </Panel>
  );
}
