import styled from 'styled-components';
import { panelSurface } from '../../../ui/surface';
import { media } from '../../../ui/theme';

/** One white panel of the order page (details, actions, shipment, history). */
export const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  align-content: start;
  min-width: 0;
  /* Its facts lay out by the panel's own width: a side column is narrower than the page. */
  container-type: inline-size;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  ${panelSurface}
  ${media.tablet} {
    padding: ${({ theme }) => theme.space.lg};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
  }
`;

/** Terms and their values, in two columns where the panel has room. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    overflow-wrap: anywhere;
  }
  @container (min-width: 22rem) {
    grid-template-columns: max-content minmax(0, 1fr);
    dd {
      margin: 0;
    }
  }
`;
