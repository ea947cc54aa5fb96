import { css } from 'styled-components';

/** The white, outlined, softly shadowed panel that forms and summaries sit on. */
export const panelSurface = css`
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;
