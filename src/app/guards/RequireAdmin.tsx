import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAdminChecked, selectAuthStatus, selectIsAdmin } from '../../store/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { logOut } from '../../store/logOut';
import { Spinner } from '../../ui/Spinner';
import { loginState, type LoginState } from './loginState';

/**
 * To /login with the state of the moment it was first rendered: the sign-out that follows
 * must not turn 'you were signed out' into another notice and navigate again.
 */
function ToLogin({ state }: { state: LoginState }) {
  const [first] = useState(state);
  return <Navigate to="/login" replace state={first} />;
}

/**
 * Admins only (the spec's admin guard): loading while the check runs; an admin sees the page;
 * anyone else is signed out and sent to /login, which says why, and after a sign-in goes back
 * there only if the account is an admin's (else a shopper would be signed out again, in a loop).
 * Its route carries `handle: adminOnlyHandle`, so RequireAuth above leaves visitors to it.
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
  return <ToLogin state={loginState(location, refused ? 'refusedShopper' : 'admin')} />;
}
