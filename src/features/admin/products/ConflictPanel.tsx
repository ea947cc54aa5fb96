import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { Product } from '@contract/products';
import { Button } from '../../../ui/Button';
import { changeText, productChanges } from './productLabels';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-left: 6px solid ${({ theme }) => theme.colors.accentStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accentSoft};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    &:focus {
      outline: none;
    }
  }
  p,
  ul {
    margin: 0;
  }
  ul {
    padding-left: 1.25rem;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * Another admin saved this product after the form was opened: what they changed, field by
 * field ("Price 89.99 → 84.99"), and the two ways on: take their version (what was typed is
 * dropped) or save over it (what was typed is kept and saved on their version).
 */
export function ConflictPanel({
  opened,
  current,
  onTakeTheirs,
  onSaveOver,
}: {
  opened: Product;
  current: Product;
  onTakeTheirs: () => void;
  onSaveOver: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [current]);
  const changes = productChanges(opened, current);
  return (
    <Panel aria-labelledby="conflict-heading">
      <h2 id="conflict-heading" ref={heading} tabIndex={-1}>
        Changed since you opened it
      </h2>
      {changes.length > 0 ? (
        <ul>
          {changes.map((change) => (
            <li key={change.field}>{changeText(change)}</li>
          ))}
        </ul>
      ) : (
        <p>Another admin saved this product, with the same values.</p>
      )}
      <p>What you typed is still in the form.</p>
      <Actions>
        <Button $size="sm" onClick={onSaveOver}>
          Save mine over it
        </Button>
        <Button $size="sm" $variant="secondary" onClick={onTakeTheirs}>
          Take their version
        </Button>
      </Actions>
    </Panel>
  );
}
