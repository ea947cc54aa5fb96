import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorStatus } from '../../store/apiError';
import { useAppDispatch } from '../../store/hooks';
import { logOut } from '../../store/logOut';

/** A 401 or 403: the sign-in is no longer accepted, even after the API slice tried a fresh token. */
export function isRefusedSignIn(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status === 401 || status === 403;
}

/**
 * What the spec's profile page does on a refused sign-in: sign out (which clears the token),
 * then go to /home. Loading the profile and saving it both end this way.
 */
export function useEndRefusedSession(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Sign out first: the guard then sends the page to /login, and /home replaces that.
    // (A dispatched thunk's promise never rejects, so the navigation always happens.)
    await dispatch(logOut());
    navigate('/home', { replace: true });
  }, [dispatch, navigate]);
}
