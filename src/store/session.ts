import { createAsyncThunk } from '@reduxjs/toolkit';
import { clearAccessToken } from './accessToken';
import { api } from './api';
import { signedOut } from './authSlice';
import type { ThunkExtra } from './identity';

/**
 * LogOut, and what the guards and the profile page do on a refusal: forget the app token and
 * every cached answer, sign out of Firebase.
 */
export const logOut = createAsyncThunk<void, void, { extra: ThunkExtra }>(
  'auth/logOut',
  async (_, { dispatch, extra }) => {
    clearAccessToken();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    await extra.identity.signOut();
  },
);
