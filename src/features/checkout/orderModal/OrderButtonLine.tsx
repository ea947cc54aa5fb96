import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { Product } from '@contract/products';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { loginState, SIGN_IN_NOTICES } from '../../../shared/auth/loginState';
import type { AuthStatus } from '../../../store/authSlice';
import { Button, ButtonLink } from '../../../ui/Button';
import { maxOrderable } from './orderFields';

const BagLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  /* 'Add to shopping bag' stays on one line, also at 390 px (a visitor's is a link). */
  button,
  a {
    white-space: nowrap;
  }
`;

const SignInHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const OutOfStock = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/**
 * 'Add to shopping bag' as the page shows it before and beside the order modal: for a visitor
 * a link to sign in first (told why, and brought back here), otherwise the button that opens
 * the modal (disabled until it can: while the sign-in state or the modal loads, or out of stock).
 * Light on purpose: the product page draws it without loading the modal.
 */
export function OrderButtonLine({
  product,
  status,
  onOpen,
}: {
  product: Product;
  status: AuthStatus;
  /** Opens the modal; none while it cannot open yet. */
  onOpen?: () => void;
}) {
  const location = useLocation();
  const max = maxOrderable(product);
  return (
    <BagLine>
      {status === 'loggedOut' && max > 0 ? (
        // Ordering needs an account (the API refuses it otherwise).
        <>
          <ButtonLink
            $size="lg"
            to="/login"
            state={loginState(location)}
            aria-describedby="sign-in-to-order"
          >
            {copy.product.addToBag}
          </ButtonLink>
          <SignInHint id="sign-in-to-order">{SIGN_IN_NOTICES.order}</SignInHint>
        </>
      ) : (
        <Button
          $size="lg"
          onClick={onOpen}
          disabled={!onOpen || max === 0}
          aria-describedby={max === 0 ? 'out-of-stock' : undefined}
        >
          {copy.product.addToBag}
        </Button>
      )}
      {max === 0 && <OutOfStock id="out-of-stock">{checkoutCopy.order.outOfStock}</OutOfStock>}
    </BagLine>
  );
}
