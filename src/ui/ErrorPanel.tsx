import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';

const Panel = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 36rem;
  margin: ${({ theme }) => theme.space.lg} auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border: 1px solid #fecaca;
  border-left: 6px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
`;

const Title = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.danger};
`;

const Detail = styled.div`
  color: ${({ theme }) => theme.colors.muted};
  p {
    margin: 0;
  }
`;

/** A failed load: what went wrong and, where trying again can help, a way to do it. */
export function ErrorPanel({
  message,
  actionLabel,
  onAction,
  busy = false,
  children,
}: {
  message: string;
  /** Left out when trying again cannot help (a bad link, someone else's record). */
  actionLabel?: string;
  onAction?: () => void;
  /** The action is under way: the button waits. */
  busy?: boolean;
  /** More detail under the message. */
  children?: ReactNode;
}) {
  return (
    <Panel role="alert">
      <Title>{message}</Title>
      {children && <Detail>{children}</Detail>}
      {actionLabel && onAction && (
        <Button onClick={onAction} disabled={busy}>
          {actionLabel}
        </Button>
      )}
    </Panel>
  );
}
