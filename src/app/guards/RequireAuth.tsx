import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import { selectAuthStatus, selectLeftOnPurpose } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { Spinner } from '../../ui/Spinner';
import { isAdminOnlyMatch, loginState } from '../../shared/auth/loginState';

/**
 * Signed-in users only: others go to /login, which says why and sends them back here
 * afterwards; a person who just signed out here on purpose goes home. Admin pages below are left
 * to RequireAdmin, which says they are for admins.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const leftOnPurpose = useAppSelector(selectLeftOnPurpose);
  const location = useLocation();
  const adminPage = useMatches().some(isAdminOnlyMatch);
  if (status === 'loading') return <Spinner label="Checking your sign-in" />;
  if (status === 'loggedOut' && leftOnPurpose) return <Navigate to="/" replace />;
  if (status === 'loggedOut' && !adminPage) {
    return <Navigate to="/login" replace state={loginState(location)} />;
  }
  return <>{children}</>;
}
