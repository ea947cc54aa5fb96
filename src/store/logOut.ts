/**
 * Ending the session that session.ts begins and renews: here rather than there because it
 * empties the API slice's cache, and the slice is built on session.ts.
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import { clearAccessToken, readAccessToken } from './accessToken';
import { api } from './api';
import { signedOut } from './authSlice';
import type { ThunkExtra } from './identity';
import { API_URL } from './session';

/**
 * Ends the app token on the server (`POST /api/logout`), so a copy of it is useless too. Signing
 * out never waits on it failing: offline or already expired, the token dies within a minute.
 */
async function revokeOnServer(token: string): Promise<void> {
  try {
    await fetch(`${API_URL}/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    // offline: nothing more to do here
  }
}

/**
 * LogOut, and what the guards and the profile page do on a refusal: revoke and forget the app
 * token and every cached answer, sign out of Firebase.
 */
export const logOut = createAsyncThunk<void, void, { extra: ThunkExtra }>(
  'auth/logOut',
  async (_, { dispatch, extra }) => {
    const token = readAccessToken();
    clearAccessToken();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    await Promise.all([token ? revokeOnServer(token) : null, extra.identity.signOut()]);
  },
);
