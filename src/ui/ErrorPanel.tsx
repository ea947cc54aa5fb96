import styled from 'styled-components';
import { Button } from './Button';

const Panel = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/** A failed load: what went wrong and a way to try again. */
export function ErrorPanel({
  message,
  actionLabel,
  onAction,
}: {
  message: string;
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <Panel role="alert">
      <p>{message}</p>
      <Button type="button" onClick={onAction}>
        {actionLabel}
      </Button>
    </Panel>
  );
}
