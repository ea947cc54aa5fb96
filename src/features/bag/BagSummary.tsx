import type { ReactNode } from 'react';
import styled from 'styled-components';
import { bagCopy } from '../../shared/bag/bagCopy';
import { Button, ButtonLink } from '../../ui/Button';
import { media } from '../../ui/theme';

const words = bagCopy.page;

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ${media.tablet} {
    justify-items: end;
    text-align: right;
  }
  p {
    margin: 0;
  }
`;

const Subtotal = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`;

/** "incl. 19 % VAT" beside the subtotal, in the cards' small words. */
const Includes = styled.small`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 400;
  color: ${({ theme }) => theme.colors.muted};
`;

const Note = styled.p`
  max-width: ${({ theme }) => theme.textWidth};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Blocked = styled(Note)`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 700;
`;

/**
 * The bag's subtotal in the shopper's market (null while its prices are on their way), what it
 * includes (VAT), and the way on: `action` (checkout, or sign-in for a guest).
 */
export function BagSummary({
  subtotal,
  includes,
  action,
  note,
}: {
  subtotal: string | null;
  includes: string | null;
  action: ReactNode;
  note?: ReactNode;
}) {
  return (
    <Box aria-label={words.subtotal}>
      <Subtotal>
        {words.subtotal}: {subtotal ?? '…'}
        {includes && <Includes> {includes}</Includes>}
      </Subtotal>
      {action}
      {note}
    </Box>
  );
}

/**
 * Checkout for a signed-in shopper: a link to /checkout, or, while a line cannot be ordered as
 * it is, a disabled button and the sentence saying why (the API would refuse the checkout).
 */
export function CheckoutAction({ blocked }: { blocked: boolean }) {
  if (!blocked) {
    return (
      <ButtonLink to="/checkout" $size="lg">
        {words.checkout}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button $size="lg" disabled aria-describedby="bag-fix-first">
        {words.checkout}
      </Button>
      <Blocked id="bag-fix-first">{words.fixFirst}</Blocked>
    </>
  );
}

/**
 * A guest checks out after signing in, then comes back to the bag (merged by then), or checks
 * out as a guest (issue 47), which waits, as Checkout does, while a line cannot be ordered.
 */
export function SignInAction({ blocked = false }: { blocked?: boolean }) {
  return (
    <>
      <ButtonLink
        to="/login"
        state={{ from: { pathname: '/bag' }, notice: words.signInNotice }}
        $size="lg"
      >
        {words.signInToCheckout}
      </ButtonLink>
      <Note>{words.guestNote}</Note>
      {blocked ? (
        <>
          <Button $variant="secondary" disabled aria-describedby="bag-fix-first">
            {words.continueAsGuest}
          </Button>
          <Blocked id="bag-fix-first">{words.fixFirst}</Blocked>
        </>
      ) : (
        <ButtonLink to="/guest/checkout" $variant="secondary">
          {words.continueAsGuest}
        </ButtonLink>
      )}
      <Note>{words.guestCheckoutNote}</Note>
    </>
  );
}
