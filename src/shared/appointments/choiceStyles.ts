import styled from 'styled-components';
import { media } from '../../ui/theme';

/** A fieldset of choices without the browser's frame. */
export const Choices = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    padding: 0;
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** One radio choice drawn as a card: bordered, the checked one outlined in amber. */
export const ChoiceCard = styled.label<{ $off?: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0 ${({ theme }) => theme.space.sm};
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $off }) => ($off ? theme.colors.background : theme.colors.surface)};
  color: ${({ theme, $off }) => ($off ? theme.colors.muted : theme.colors.ink)};
  cursor: ${({ $off }) => ($off ? 'not-allowed' : 'pointer')};
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.accentStrong};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.accentStrong};
  }
  input {
    grid-row: span 3;
    margin: 0;
  }
  small {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/** Days side by side: a scrolled strip on a phone, a wrapped grid from tablet width. */
export const DayStrip = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(7.5rem, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  overflow-x: auto;
  padding: 2px 2px ${({ theme }) => theme.space.xs};
  ${media.tablet} {
    grid-auto-flow: row;
    grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
    overflow-x: visible;
  }
`;

export const TimeGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(5.5rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  padding: 2px;
  label {
    grid-template-columns: auto 1fr;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  input {
    grid-row: auto;
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
