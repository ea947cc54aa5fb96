import styled from 'styled-components';
import { panelSurface } from './surface';
import { media } from './theme';

/** A form on a white panel: the dashboard's review, profile and product forms. */
export const FormPanel = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.textWidth};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

/** Fields side by side from tablet width up (price and quantities, name and email). */
export const FieldRow = styled.div<{ $columns?: 2 | 3 }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.tablet} {
    grid-template-columns: repeat(${({ $columns = 2 }) => $columns}, minmax(0, 1fr));
    align-items: start;
  }
`;

/** The submit button row. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;
