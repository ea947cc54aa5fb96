import { selectAuthStatus, type AuthStatus } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { useHydrated } from '../../ui/useHydrated';

/**
 * The sign-in status as a render may show it: `loading` while hydrating, as the server (which
 * never knows who is signed in) rendered it, then the store's. A part of the page that hydrates
 * after the rest (behind a Suspense boundary) may find auth already known: reading the store
 * there would not match the HTML (React's #418).
 */
export function useShownAuthStatus(): AuthStatus {
  const status = useAppSelector(selectAuthStatus);
  return useHydrated() ? status : 'loading';
}
