import styled from 'styled-components';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { useCountUp } from './useCountUp';

const Figure = styled.p`
  margin: 0;
  font-size: clamp(2rem, 3.2vw, 2.6rem);
  white-space: nowrap;
  font-weight: 800;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.ink};
`;

const Label = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
`;

/**
 * One figure of the business summary ('100+ Country'), counting up while `running`. The moving
 * number is hidden from screen readers, which read the final figure once instead.
 */
export function Counter({
  value,
  suffix,
  label,
  durationMs,
  running,
}: {
  value: number;
  suffix: string;
  label: string;
  durationMs: number;
  running: boolean;
}) {
  const shown = useCountUp(value, durationMs, running);
  return (
    <div>
      <Figure>
        <span aria-hidden="true" data-testid={`counter-${label}`}>
          {shown}
          {suffix}
        </span>
        <VisuallyHidden>
          {value}
          {suffix}
        </VisuallyHidden>
      </Figure>
      <Label>{label}</Label>
    </div>
  );
}
