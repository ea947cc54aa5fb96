import {
  adminChecked,
  staffChecked,
  authSlice,
  cameHome,
  profileUpdated,
  signedIn,
  signedOut,
  signInFailed,
  signInStarted,
  type AuthState,
} from './authSlice';

const reduce = (actions: Parameters<typeof authSlice.reducer>[1][]) =>
  actions.reduce<AuthState>(authSlice.reducer, authSlice.getInitialState());

describe('authSlice', () => {
  it('starts loading, so the navbar shows a spinner until Firebase answers', () => {
    expect(authSlice.getInitialState()).toEqual({
      status: 'loading',
      user: null,
      admin: false,
      adminChecked: false,
      permissions: [],
      signInError: null,
      leftOnPurpose: false,
    });
  });

  it('signs in, then learns the admin flag', () => {
    const user = { email: 'admin@store.test', displayName: 'Store Admin' };
    const afterSignIn = reduce([signedIn(user)]);
    expect(afterSignIn).toMatchObject({
      status: 'loggedIn',
      user,
      admin: false,
      adminChecked: false,
    });
    expect(reduce([signedIn(user), adminChecked(true)])).toMatchObject({
      admin: true,
      adminChecked: true,
    });
  });

  it('forgets the admin flag and the permissions on a new sign-in and everything on sign-out', () => {
    const admin = reduce([
      signedIn({ email: 'a@b.c', displayName: null }),
      staffChecked(['orders.read']),
      adminChecked(true),
    ]);
    expect(admin.permissions).toEqual(['orders.read']);
    expect(authSlice.reducer(admin, signedIn({ email: 'x@y.z', displayName: null }))).toMatchObject(
      {
        admin: false,
        adminChecked: false,
        permissions: [],
      },
    );
    expect(authSlice.reducer(admin, signedOut())).toEqual({
      status: 'loggedOut',
      user: null,
      admin: false,
      adminChecked: false,
      permissions: [],
      signInError: null,
      leftOnPurpose: false,
    });
  });

  it('remembers a sign-out on purpose until the next sign-in', () => {
    const shopper = reduce([signedIn({ email: 'a@b.c', displayName: null })]);
    const left = authSlice.reducer(shopper, signedOut({ onPurpose: true }));
    expect(left).toMatchObject({ status: 'loggedOut', leftOnPurpose: true });
    // Firebase then reports nobody signed in: still on purpose.
    expect(authSlice.reducer(left, signedOut())).toMatchObject({ leftOnPurpose: true });
    expect(authSlice.reducer(shopper, signedOut())).toMatchObject({ leftOnPurpose: false });
    // Once home, a signed-in page opened later is a missing sign-in again.
    expect(authSlice.reducer(left, cameHome())).toMatchObject({ leftOnPurpose: false });
    expect(authSlice.reducer(left, signedIn({ email: 'a@b.c', displayName: null }))).toMatchObject({
      leftOnPurpose: false,
    });
  });

  it('takes the display name set after registration', () => {
    const state = reduce([
      signedIn({ email: 'n@r.d', displayName: null }),
      profileUpdated({ displayName: 'Nina' }),
    ]);
    expect(state.user?.displayName).toBe('Nina');
  });

  it('keeps why a sign-in failed until the next attempt', () => {
    const failed = reduce([signInFailed('The store could not sign you in (500).')]);
    expect(failed).toMatchObject({
      status: 'loggedOut',
      signInError: 'The store could not sign you in (500).',
    });
    expect(authSlice.reducer(failed, signInStarted()).signInError).toBeNull();
  });
});
