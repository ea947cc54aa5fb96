import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Permission } from '@contract/staff';

/** The signed-in person as the identity provider knows them. */
export interface AuthUser {
  email: string;
  displayName: string | null;
}

export type AuthStatus = 'loading' | 'loggedOut' | 'loggedIn';

export interface AuthState {
  /** `loading` until Firebase has said whether someone is signed in. */
  status: AuthStatus;
  user: AuthUser | null;
  /** From `GET /api/admin/:email` after every sign-in; selects the dashboard menu. */
  admin: boolean;
  /** False while that check is still out (the admin guard waits for it). */
  adminChecked: boolean;
  /**
   * What the person's staff roles let them do (`GET /api/staff/me`), asked with the admin
   * check: the dashboard shows only those pages. Empty for a shopper.
   */
  permissions: Permission[];
  /** Why the last sign-in could not be completed (the token exchange failed), if it failed. */
  signInError: string | null;
  /**
   * The person signed out on purpose from a signed-in page (Sign out everywhere): the guard
   * sends them home, not to /login as it does a visitor whose sign-in is missing.
   */
  leftOnPurpose: boolean;
}

const initialState: AuthState = {
  status: 'loading',
  user: null,
  admin: false,
  adminChecked: false,
  permissions: [],
  signInError: null,
  leftOnPurpose: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Firebase reports a user and the app token is stored; the admin check follows. */
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.status = 'loggedIn';
      state.user = action.payload;
      state.admin = false;
      state.adminChecked = false;
      state.permissions = [];
      state.leftOnPurpose = false;
    },
    adminChecked(state, action: PayloadAction<boolean>) {
      state.admin = action.payload;
      state.adminChecked = true;
    },
    staffChecked(state, action: PayloadAction<Permission[]>) {
      state.permissions = action.payload;
    },
    /** The display name set after registration. */
    profileUpdated(state, action: PayloadAction<{ displayName: string | null }>) {
      if (state.user) state.user.displayName = action.payload.displayName;
    },
    /**
     * Without `onPurpose`, as Firebase reports no user: after a sign-out on purpose that is its
     * echo, which must not turn it into a lost sign-in (the guard would send them to /login).
     */
    signedOut(state, action: PayloadAction<{ onPurpose: boolean } | undefined>) {
      const echo = state.status === 'loggedOut' && state.leftOnPurpose;
      return {
        ...initialState,
        status: 'loggedOut' as const,
        leftOnPurpose: action.payload?.onPurpose ?? echo,
      };
    },
    /** Home after a sign-out on purpose: a signed-in page opened later asks to sign in again. */
    cameHome(state) {
      state.leftOnPurpose = false;
    },
    /** A new sign-in attempt clears the last failure. */
    signInStarted(state) {
      state.signInError = null;
    },
    /** The person changed what they typed: the last failure no longer applies. */
    signInErrorCleared(state) {
      state.signInError = null;
    },
    signInFailed(_state, action: PayloadAction<string>) {
      return { ...initialState, status: 'loggedOut' as const, signInError: action.payload };
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectIsAdmin: (state) => state.admin,
    selectAdminChecked: (state) => state.adminChecked,
    selectPermissions: (state) => state.permissions,
    /**
     * What the dashboard lets the person do, the one source every staff page and button reads:
     * their permissions, or null for an admin whose staff check did not answer (they keep the
     * pages and buttons admins had before roles; the server refuses what they may not do).
     */
    selectStaffPermissions: (state): readonly Permission[] | null =>
      state.admin && state.permissions.length === 0 ? null : state.permissions,
    selectSignInError: (state) => state.signInError,
    selectLeftOnPurpose: (state) => state.leftOnPurpose,
  },
});

export const {
  signedIn,
  adminChecked,
  staffChecked,
  profileUpdated,
  signedOut,
  cameHome,
  signInStarted,
  signInErrorCleared,
  signInFailed,
} = authSlice.actions;
export const {
  selectAuthStatus,
  selectCurrentUser,
  selectIsAdmin,
  selectAdminChecked,
  selectPermissions,
  selectStaffPermissions,
  selectSignInError,
  selectLeftOnPurpose,
} = authSlice.selectors;
