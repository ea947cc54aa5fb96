import styled, { keyframes } from 'styled-components';

const slide = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Line = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  font-variant-numeric: tabular-nums;
`;

const Bar = styled.progress`
  width: 100%;
  height: 0.6rem;
  appearance: none;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.line};
  &::-webkit-progress-bar {
    background: ${({ theme }) => theme.colors.line};
  }
  &::-webkit-progress-value {
    background: ${({ theme }) => theme.colors.accentStrong};
    transition: width 0.2s ease;
  }
  &::-moz-progress-bar {
    background: ${({ theme }) => theme.colors.accentStrong};
  }
  /* Busy, share unknown: a band of the accent sweeping across. */
  &:indeterminate {
    background: linear-gradient(
        90deg,
        transparent 0%,
        ${({ theme }) => theme.colors.accentStrong} 50%,
        transparent 100%
      )
      ${({ theme }) => theme.colors.line};
    background-size: 50% 100%;
    background-repeat: no-repeat;
    animation: ${slide} 1.2s linear infinite;
  }
  &:indeterminate::-webkit-progress-bar {
    background: transparent;
  }
  &:indeterminate::-moz-progress-bar {
    background: transparent;
  }
`;

/**
 * A labelled progress bar (a native <progress>, so assistive technology reads the value).
 * Without a value yet it is indeterminate: busy, share unknown.
 */
export function ProgressBar({
  label,
  value,
}: {
  label: string;
  /** 0 to 1, or null before the first report. */
  value: number | null;
}) {
  const percent = value === null ? null : Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <Wrapper>
      <Line aria-hidden="true">
        <span>{label}</span>
        {percent !== null && <span>{percent}%</span>}
      </Line>
      {percent === null ? (
        <Bar aria-label={label} />
      ) : (
        <Bar max={100} value={percent} aria-label={label} />
      )}
    </Wrapper>
  );
}
