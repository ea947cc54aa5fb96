import styled from 'styled-components';
import { checkoutCopy } from '@contract/checkoutCopy';
import { ButtonLink } from '../../../ui/Button';

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

/**
 * The spec's success toast ('Your product ordered'), with the way to pay the order just placed
 * beside it: a shopper who ordered mostly wants to pay next, without looking for My Orders.
 */
export function OrderedToast({
  message,
  payOrderId,
  closeToast,
}: {
  message: string;
  payOrderId?: string;
  closeToast?: () => void;
}) {
  return (
    <Line>
      <span>{message}</span>
      {payOrderId && (
        <ButtonLink
          to={`/dashboard/payment/${encodeURIComponent(payOrderId)}`}
          $size="sm"
          onClick={() => closeToast?.()}
        >
          {checkoutCopy.order.payNow}
        </ButtonLink>
      )}
    </Line>
  );
}
