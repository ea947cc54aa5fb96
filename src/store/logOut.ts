/**
 * Ending the session that session.ts begins and renews: here rather than there because it
 * empties the API slice's cache, and the slice is built on session.ts.
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import { clearAccessToken, readAccessToken } from './accessToken';
import { api } from './api';
import { signedOut } from './authSlice';
import type { ThunkExtra } from './thunkExtra';
import { API_URL } from './session';

/**
 * Ends this device's session on the server (`POST /api/logout`), so a copy of its app token or
 * of its Firebase ID token is useless too; the account's other devices stay signed in. Signing
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
 * LogOut, and what the profile page does on a refused sign-in: end this device's session, forget
 * the app token and every cached answer, sign out of Firebase (on this device). `onPurpose`: the
 * person asked for it on a signed-in page, which then leads home rather than to /login.
 */
export const logOut = createAsyncThunk<void, { onPurpose: boolean } | void, { extra: ThunkExtra }>(
  'auth/logOut',
  async (options, { dispatch, extra }) => {
    const token = readAccessToken();
    clearAccessToken();
    dispatch(signedOut({ onPurpose: options?.onPurpose ?? false }));
    dispatch(api.util.resetApiState());
    await Promise.all([token ? revokeOnServer(token) : null, extra.identity.signOut()]);
  },
);

/**
 * The profile page's "Sign out everywhere": every session of the account ends on the server
 * (`POST /api/logout` with `everywhere`), then this device signs out as LogOut does. Unlike
 * LogOut it waits for the server's answer and rejects when it did not sign out everywhere, so
 * the page can say so: the person asked for the other devices, not this one. The guard of the
 * page then leads home (signedOut's onPurpose): the page cannot, as it is gone by then.
 */
export const signOutEverywhere = createAsyncThunk<void, void, { extra: ThunkExtra }>(
  'auth/signOutEverywhere',
  async (_, { dispatch }) => {
    const token = readAccessToken();
    if (!token) throw new Error('Not signed in on this device.');
    const response = await fetch(`${API_URL}/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ everywhere: true }),
    });
    // 401: this device's session had already ended; the others were not reached by this call.
    if (response.status !== 204) throw new Error(`Sign out everywhere failed (${response.status})`);
    await dispatch(logOut({ onPurpose: true }));
  },
);
