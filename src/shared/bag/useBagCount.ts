import { selectAuthStatus } from '../../store/authSlice';
import { useGetBagQuery } from './bagApi';
import { selectGuestBag } from './guestBag';
import { useAppSelector } from '../../store/hooks';

/**
 * How many units the bag holds (the navbar's count): the account's bag when signed in, this
 * browser's for a guest; null until that is known (sign-in still loading, the bag not read yet).
 */
export function useBagCount(): number | null {
  const status = useAppSelector(selectAuthStatus);
  const guestLines = useAppSelector(selectGuestBag);
  const { data } = useGetBagQuery(undefined, { skip: status !== 'loggedIn' });
  if (status === 'loading') return null;
  const lines = status === 'loggedIn' ? data?.items : guestLines;
  return lines ? lines.reduce((units, line) => units + line.quantity, 0) : null;
}
