import type { ReactNode } from 'react';
import styled from 'styled-components';

const Scroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const StyledTable = styled.table`
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
  children,
}: {
  /** Names the table (and its scroll region) for screen readers. */
  caption: string;
  hideCaption?: boolean;
  /** <thead> and <tbody>. */
  children: ReactNode;
}) {
  return (
    <Scroller role="region" aria-label={caption} tabIndex={0}>
      <StyledTable>
        <Caption $hidden={hideCaption}>{caption}</Caption>
        {children}
      </StyledTable>
    </Scroller>
  );
}
