import styled from 'styled-components';
import type { Product } from '@contract/products';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

const Text = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** Retire asks first: the product leaves the shop (it can be restored; nothing is deleted). */
export function RetireDialog({
  product,
  onConfirm,
  onClose,
}: {
  product: Product;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title="Retire this product?"
      actions={
        <>
          <Button $variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button $variant="danger" onClick={onConfirm}>
            Retire
          </Button>
        </>
      }
    >
      <Text>
        <p>
          <strong>{product.name}</strong> ({product.sku}) leaves the shop and its search, and new
          orders for it are refused.
        </p>
        <p>
          Orders already placed keep its name and price and can still be paid. Nothing is deleted:
          Restore puts it back.
        </p>
      </Text>
    </Modal>
  );
}
