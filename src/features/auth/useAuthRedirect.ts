import { useEffect } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { selectAuthStatus } from '../../store/authSlice';
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

/** Once the app token is in (status loggedIn), leave the sign-in page for the return path. */
export function useAuthRedirect(fallback: string, enabled = true) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (enabled && status === 'loggedIn') {
      navigate(returnPath(location.state, fallback), { replace: true });
    }
  }, [enabled, status, location.state, fallback, navigate]);
}
