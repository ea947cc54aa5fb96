import { useState } from 'react';
import { selectSignInError, signInErrorCleared, signInStarted } from '../../store/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { authErrorMessage } from './authErrors';

/**
 * One sign-in attempt at a time (password, registration or Google): `working` until the app
 * token arrives or the attempt fails, and the error to show after 'Error : '. A failure can come
 * from Firebase (thrown here) or from the token exchange (reported by the auth listener).
 */
export function useSignInAttempt() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listenerError = useAppSelector(selectSignInError);

  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    dispatch(signInStarted());
    try {
      await action();
      return true;
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
      return false;
    }
  };

  return {
    run,
    /** Errors outside an attempt (the reset email) are shown the same way. */
    fail: (err: unknown) => setError(authErrorMessage(err)),
    /** Forgets the last failure (its own and the listener's), e.g. once the person types again. */
    clearError: () => {
      setError(null);
      if (listenerError) dispatch(signInErrorCleared());
    },
    working: busy && !listenerError,
    error: error ?? listenerError,
  };
}
