import styled from 'styled-components';
import { panelSurface } from '../../../ui/surface';

// The card payment's panel, shared by the order's payment page and the bag's checkout.

/** The card form's panel: heading, the provider's form, Pay and what happens. */
export const CardPanel = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  > * {
    min-width: 0;
  }
`;

/** The provider's message, in red as the spec wants card errors. */
export const CardProblem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** Paid, expired, or charged but not recorded. */
export const Notice = styled.div<{ $tone: 'success' | 'danger' }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  padding: ${({ theme }) => theme.space.md};
  border-left: 4px solid
    ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.danger)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $tone }) => ($tone === 'success' ? '#f0fdf4' : theme.colors.dangerSoft)};
  p {
    margin: 0;
  }
  strong {
    color: ${({ theme, $tone }) =>
      $tone === 'success' ? theme.colors.success : theme.colors.danger};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    word-break: break-all;
  }
`;
