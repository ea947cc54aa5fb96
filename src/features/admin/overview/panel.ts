import styled from 'styled-components';

/** One block of the overview: a heading with its count, then a list, a chart or a line. */
export const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The count beside a panel's heading. */
export const Count = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

export const Quiet = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;
