import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAdminChecked, selectAuthStatus, selectIsAdmin } from '../../store/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { logOut } from '../../store/session';
import { Spinner } from '../../ui/Spinner';

/**
 * Admins only (the spec's admin guard): loading while the check runs; an admin sees the page;
 * anyone else is signed out and sent to /login, which remembers where they were going.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const checked = useAppSelector(selectAdminChecked);
  const admin = useAppSelector(selectIsAdmin);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const refused = status === 'loggedIn' && checked && !admin;

  useEffect(() => {
    if (refused) void dispatch(logOut());
  }, [refused, dispatch]);

  if (status === 'loading' || (status === 'loggedIn' && !checked)) {
    return <Spinner label="Checking your access" />;
  }
  if (status === 'loggedIn' && admin) return <>{children}</>;
  return <Navigate to="/login" replace state={{ from: location }} />;
}
