import { useEffect, useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import uPlot from 'uplot';
import type { Theme } from '../../../ui/theme';
import { formatDollarsShort, shortDay, type NetDay } from './revenue';

/*
 * The chart library is uPlot: about 20 KB gzip in this lazy chunk (Recharts or Chart.js would
 * add several times that to a route already near its budget), maintained, and drawing 30 bars
 * on a canvas is all this needs. The canvas is hidden from screen readers: the figures are in
 * the section's table and summary (RevenueSection).
 */

/** The few rules of uplot.min.css this chart needs (the build bundles no CSS files). */
const Box = styled.div`
  width: 100%;
  min-height: 220px;
  .u-wrap {
    position: relative;
    user-select: none;
  }
  .u-over,
  .u-under {
    position: absolute;
  }
  .u-under {
    overflow: hidden;
  }
  .uplot canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
  .u-axis {
    position: absolute;
  }
`;

const HEIGHT = 220;

/** uPlot's options for 30 days of net revenue as bars; x is the day's index. */
export function chartOptions(days: readonly NetDay[], width: number, theme: Theme): uPlot.Options {
  const axis = {
    stroke: theme.colors.muted,
    font: '12px system-ui, sans-serif',
    grid: { stroke: theme.colors.line, width: 1 },
    ticks: { stroke: theme.colors.line, width: 1 },
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // Half a day either side, so the first and last bars are whole.
      x: { time: false, range: () => [-0.5, days.length - 0.5] },
      // Always from zero (or below, for a day of refunds only).
      y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, 1) * 1.1] },
    },
    axes: [
      {
        ...axis,
        grid: { show: false },
        // A label every few days, as room allows: whole days only.
        incrs: [1, 2, 3, 5, 7, 10, 14],
        space: 56,
        values: (_u, splits) =>
          splits.map((i) => (Number.isInteger(i) && days[i] ? shortDay(days[i].day) : '')),
      },
      {
        ...axis,
        size: 56,
        values: (_u, splits) => splits.map((v) => formatDollarsShort(v)),
      },
    ],
    series: [
      {},
      {
        label: 'Revenue',
        fill: theme.colors.accent,
        // No outline: a day without sales is no bar at all, not a line along the axis.
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.7, 24] }),
        points: { show: false },
      },
    ],
  };
}

/** The bars, as wide as their box: drawn again at a new size when the box changes width. */
export function RevenueChart({ days }: { days: readonly NetDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [days.map((_, i) => i), days.map((day) => day.net)];
    const chart = new uPlot(chartOptions(days, element.clientWidth, theme), data, element);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, theme]);
  return <Box ref={box} aria-hidden="true" />;
}
