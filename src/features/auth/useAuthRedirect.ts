import { useEffect } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { selectAdminChecked, selectAuthStatus, selectIsAdmin } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';

/**
 * Where to go after signing in: the page a guard sent the visitor away from, if it is a path
 * of this store (never another site), else `fallback`.
 */
export function returnPath(state: unknown, fallback: string): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return fallback;
  if (path === '/login' || path === '/register') return fallback;
  return `${path}${from?.search ?? ''}${from?.hash ?? ''}`;
}

/** Whether the page a guard sent the visitor away from is for admins only. */
function wasAdminOnly(state: unknown): boolean {
  return (state as { adminOnly?: unknown } | null)?.adminOnly === true;
}

/** Why a guard sent the visitor here, to show above the form; null when none did. */
export function signInNotice(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}

/**
 * Once the app token is in (status loggedIn), leave the sign-in page for the return path. An
 * admin page is the way back only for an admin (after the admin check): a shopper would be
 * signed out there again, in a loop, so they go to `fallback`.
 */
export function useAuthRedirect(fallback: string, enabled = true) {
  const status = useAppSelector(selectAuthStatus);
  const adminChecked = useAppSelector(selectAdminChecked);
  const admin = useAppSelector(selectIsAdmin);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled || status !== 'loggedIn') return;
    if (wasAdminOnly(location.state)) {
      if (!adminChecked) return;
      if (!admin) {
        navigate(fallback, { replace: true });
        return;
      }
    }
    navigate(returnPath(location.state, fallback), { replace: true });
  }, [enabled, status, adminChecked, admin, location.state, fallback, navigate]);
}
