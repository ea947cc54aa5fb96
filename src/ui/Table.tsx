import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Button } from './Button';

const Scroller = styled.div`
  /* Contains visually hidden text in cells, which would otherwise widen the page. */
  position: relative;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

/**
 * Phones: each row becomes a small card, every cell under its column's name (the cell's
 * `data-label`), so a row's buttons are in view without scrolling sideways.
 */
const stacked = css`
  /* Below theme.breakpoints.tablet (640px). */
  @media (max-width: 639.98px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    tbody,
    tr {
      display: block;
    }
    tr {
      padding: ${({ theme }) => theme.space.sm} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    }
    tbody tr:last-child {
      border-bottom: 0;
    }
    tbody th,
    tbody td {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
      padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
      border-bottom: 0;
      overflow-wrap: anywhere;
    }
    [data-label]::before {
      content: attr(data-label);
      flex: 0 0 7.5rem;
      color: ${({ theme }) => theme.colors.muted};
      font-weight: 700;
    }
  }
`;

const StyledTable = styled.table<{ $stack: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    text-align: left;
    vertical-align: middle;
  }
  thead th {
    background: ${({ theme }) => theme.colors.steel};
    color: ${({ theme }) => theme.colors.onDark};
    font-weight: 700;
    white-space: nowrap;
  }
  tbody tr:nth-child(even) {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.colors.accentSoft};
  }
  tbody tr:last-child td,
  tbody tr:last-child th {
    border-bottom: 0;
  }
  ${({ $stack }) => $stack && stacked}
`;

const Caption = styled.caption<{ $hidden: boolean }>`
  padding: ${({ theme }) => theme.space.md};
  text-align: left;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
  ${({ $hidden }) =>
    $hidden &&
    `position: absolute; width: 1px; height: 1px; padding: 0; overflow: hidden;
     clip: rect(0 0 0 0); white-space: nowrap;`}
`;

/**
 * A data table (orders, users). Wide tables scroll sideways inside their own box on phones;
 * the box is a focusable, labelled region so keyboard users can scroll it too.
 */
export function Table({
  caption,
  hideCaption = false,
  stackOnPhones = false,
  children,
}: {
  /** Names the table (and its scroll region) for screen readers. */
  caption: string;
  hideCaption?: boolean;
  /**
   * Rows as cards on phones. Each body cell then needs a `data-label` (its column's name),
   * and the rows explicit ARIA roles: some browsers drop table semantics once the display of
   * table parts changes.
   */
  stackOnPhones?: boolean;
  /** <thead> and <tbody>. */
  children: ReactNode;
}) {
  return (
    <Scroller role="region" aria-label={caption} tabIndex={0}>
      <StyledTable $stack={stackOnPhones} role={stackOnPhones ? 'table' : undefined}>
        <Caption $hidden={hideCaption}>{caption}</Caption>
        {children}
      </StyledTable>
    </Scroller>
  );
}

/**
 * A Table's header row: a column header per label, with the explicit roles a table whose rows
 * stack on phones needs (harmless on any other).
 */
export function TableHeader({ columns }: { columns: readonly string[] }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((label) => (
          <th key={label} role="columnheader" scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The line above a table: which rows of how many it shows (role="status"), and a spinner. */
export const TableSummary = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.muted};
  font-variant-numeric: tabular-nums;
`;

/** Said where a table would be when it has no rows. */
export const TableEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

/** A row's last cell: one small action, its accessible name saying which row it acts on. */
export function ActionCell({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <td role="cell">
      <Button
        $size="sm"
        $variant="secondary"
        disabled={disabled}
        onClick={onClick}
        aria-label={label}
      >
        {children}
      </Button>
    </td>
  );
}
