import styled from 'styled-components';
import type { ProductStatus } from '@contract/catalogTerms';
import { STATUS_LABELS } from './productLabels';

const Badge = styled.span<{ $retired: boolean }>`
  display: inline-flex;
  align-items: center;
  padding: 0.1rem ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ $retired, theme }) => ($retired ? theme.colors.line : '#dcfce7')};
  color: ${({ $retired, theme }) => ($retired ? theme.colors.inkSoft : '#14532d')};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
`;

/** "In the shop" or "Retired". */
export function StatusBadge({ status }: { status: ProductStatus }) {
  return <Badge $retired={status === 'retired'}>{STATUS_LABELS[status]}</Badge>;
}
