import type { SnapshotFrom } from 'xstate';
import styled from 'styled-components';
import type { deleteOrderMachine, DeleteOrderEvent } from './deleteOrderMachine';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';

const Question = styled.p`
  margin: 0;
`;

const Problem = styled(FieldError)`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;

/** The delete-confirm modal, drawn from the deleteOrder machine's state. */
export function DeleteOrderModal({
  state,
  send,
}: {
  state: SnapshotFrom<typeof deleteOrderMachine>;
  send: (event: DeleteOrderEvent) => void;
}) {
  const { order, error, retryable } = state.context;
  const deleting = state.matches('deleting');
  const hopeless = state.matches('error') && !retryable;
  const cancel = () => send({ type: 'CANCEL' });
  return (
    <Modal
      open={!state.matches('idle')}
      onClose={cancel}
      title="Delete this order?"
      actions={
        <>
          {deleting && <Spinner inline label="Deleting the order" showLabel />}
          <Button $variant="secondary" onClick={cancel} disabled={deleting}>
            Cancel
          </Button>
          <Button
            $variant="danger"
            onClick={() => send({ type: 'CONFIRM' })}
            disabled={deleting || hopeless}
          >
            Delete
          </Button>
        </>
      }
    >
      {order && (
        <Question>
          Your order of <strong>{order.quantity}</strong> × <strong>{order.ProductName}</strong>{' '}
          will be deleted and its stock given back. This cannot be undone.
        </Question>
      )}
      {error && <Problem role="alert">{error}</Problem>}
    </Modal>
  );
}
