import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorStatus } from '../../store/apiError';
import { selectCurrentUser } from '../../store/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { logOut } from '../../store/session';
import { useGetProfileQuery } from './profileApi';

/**
 * The signed-in user's profile query. A 401 or 403 (the sign-in is no longer accepted, even
 * after the API slice tried a fresh token) signs out, clears the token and goes to /home, as
 * the spec's profile page does. A 404 means "no profile yet".
 */
export function useMyProfile() {
  const user = useAppSelector(selectCurrentUser);
  const query = useGetProfileQuery(user?.email ?? skipToken);
  const status = apiErrorStatus(query.error);
  const refused = status === 401 || status === 403;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signingOut = useRef(false);

  useEffect(() => {
    if (!refused || signingOut.current) return;
    signingOut.current = true;
    // Sign out first: the guard then sends the page to /login, and /home replaces that.
    void dispatch(logOut()).finally(() => navigate('/home', { replace: true }));
  }, [refused, dispatch, navigate]);

  return { user, query, refused, missing: status === 404 };
}
