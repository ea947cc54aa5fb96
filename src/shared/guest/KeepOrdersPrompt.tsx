import styled from 'styled-components';
import { panelSurface } from '../../ui/surface';
import { ButtonLink } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { guestCopy } from './guestCopy';

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    max-width: ${({ theme }) => theme.textWidth};
  }
`;

/**
 * "Create an account to keep your orders": on a guest's confirmation and order page. Once the
 * email is confirmed, the API puts its guest orders in My Orders at sign-in.
 */
export function KeepOrdersPrompt({ email }: { email: string }) {
  return (
    <Box aria-labelledby="keep-orders">
      <h2 id="keep-orders">{guestCopy.keepOrdersTitle}</h2>
      <p>{guestCopy.keepOrders(email)}</p>
      <ButtonLink to="/register" state={{ email }}>
        {guestCopy.createAccount}
      </ButtonLink>
      <TextLink to="/login" state={{ from: { pathname: '/dashboard/myorder' } }}>
        {guestCopy.signIn}
      </TextLink>
    </Box>
  );
}
