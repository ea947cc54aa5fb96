import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: 'sm' | 'lg' }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => ($size === 'sm' ? '1.1rem' : '2.75rem')};
  height: ${({ $size }) => ($size === 'sm' ? '1.1rem' : '2.75rem')};
  border: ${({ $size }) => ($size === 'sm' ? '2px' : '4px')} solid
    ${({ theme }) => theme.colors.lineStrong};
  border-top-color: ${({ theme }) => theme.colors.accentStrong};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    /* A slow turn still says "working" without the fast motion. */
    animation-duration: 2.4s !important;
  }
`;

const Centered = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: 12rem;
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Inline = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * The loading indicator the spec shows while data loads. A live status region, so screen readers
 * hear the label; `showLabel` prints it too, `inline` sits inside a button or a line of text.
 */
export function Spinner({
  label = 'Loading',
  showLabel = false,
  inline = false,
}: {
  label?: string;
  showLabel?: boolean;
  inline?: boolean;
}) {
  const text = showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>;
  if (inline) {
    return (
      <Inline role="status" aria-live="polite">
        <Ring $size="sm" aria-hidden="true" />
        {text}
      </Inline>
    );
  }
  return (
    <Centered role="status" aria-live="polite">
      <Ring $size="lg" aria-hidden="true" />
      {text}
    </Centered>
  );
}
