import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAuthStatus } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { Spinner } from '../../ui/Spinner';

/** Signed-in users only: others go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your sign-in" />;
  if (status === 'loggedOut') {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return <>{children}</>;
}
