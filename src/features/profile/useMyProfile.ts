import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { apiErrorStatus } from '../../store/apiError';
import { selectCurrentUser } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { useGetProfileQuery } from '../../shared/profile/profileApi';
import { isRefusedSignIn, useEndRefusedSession } from './useEndRefusedSession';

/**
 * The signed-in user's profile query. A 401 or 403 signs out, clears the token and goes to
 * /home, as the spec's profile page does. A 404 means "no profile yet".
 */
export function useMyProfile() {
  const user = useAppSelector(selectCurrentUser);
  const query = useGetProfileQuery(user?.email ?? skipToken);
  const refused = isRefusedSignIn(query.error);
  const endRefusedSession = useEndRefusedSession();
  const signingOut = useRef(false);

  useEffect(() => {
    if (!refused || signingOut.current) return;
    signingOut.current = true;
    void endRefusedSession();
  }, [refused, endRefusedSession]);

  return { user, query, refused, missing: apiErrorStatus(query.error) === 404 };
}
