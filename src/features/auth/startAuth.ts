import type { User } from 'firebase/auth';
import { api } from '../../store/api';
import { clearAccessToken, readAccessToken } from '../../store/accessToken';
import {
  adminChecked,
  signedIn,
  signedOut,
  signInFailed,
  staffChecked,
} from '../../store/authSlice';
import type { IdentityClient } from '../../store/identity';
import { exchangeIdToken, TokenExchangeError } from '../../store/session';
import type { AppStore } from '../../store/store';
import { whenIdle } from '../../shared/loading/afterInteraction';
import { firebase, loadFirebase } from './firebaseClient';

/** The identity client the store uses: Firebase, once it has loaded. */
export const firebaseIdentity: IdentityClient = {
  async freshIdentity() {
    const { auth } = await firebase();
    const user = auth.currentUser;
    return user?.email ? { email: user.email, idToken: await user.getIdToken(true) } : null;
  },
  async signOut() {
    const { auth, sdk } = await firebase();
    await sdk.signOut(auth);
  },
};

/**
 * After every sign-in (a page load with a remembered user counts): exchange the Firebase ID
 * token for the app token, then ask the server whether this user is an admin, and merge the bag
 * filled as a guest (if any) into the account's.
 */
async function onSignedIn(store: AppStore, user: User) {
  const email = user.email;
  if (!email) throw new Error('This account has no email address.');
  await exchangeIdToken(email, await user.getIdToken());
  store.dispatch(signedIn({ email, displayName: user.displayName }));
  // A bag filled as a guest joins the account's now (beside the admin check). Its module loads
  // only then; if it cannot, the guest's bag stays in this browser for the next sign-in.
  if (store.getState().guestBag.length > 0) {
    import(/* webpackChunkName: "bag-merge" */ '../../shared/bag/mergeGuestBag')
      .then(({ mergeGuestBag }) => store.dispatch(mergeGuestBag()))
      .catch(() => {});
  }
  const check = store.dispatch(api.endpoints.getAdmin.initiate(email, { forceRefetch: true }));
  const staff = store.dispatch(
    api.endpoints.getStaffSelf.initiate(undefined, { forceRefetch: true }),
  );
  const [result, roles] = await Promise.all([check, staff]);
  check.unsubscribe();
  staff.unsubscribe();
  const permissions = roles.data?.permissions ?? [];
  store.dispatch(staffChecked(permissions));
  // Any staff role opens the dashboard's staff pages; each page is shown only to its permission.
  store.dispatch(adminChecked((result.data?.admin ?? false) || permissions.length > 0));
}

const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable right now. Please reload the page.';

let started: Promise<void> | null = null;

/**
 * Loads Firebase and feeds its auth state into the store for the rest of the session; once,
 * however often it is called. A failure is reported in the store (the navbar and forms show it).
 */
export function startAuth(store: AppStore): Promise<void> {
  started ??= listen(store).catch((err: unknown) => {
    console.error('Sign-in is unavailable', err);
    store.dispatch(signInFailed(SIGN_IN_UNAVAILABLE));
  });
  return started;
}

/**
 * At page load. Someone who never signed in on this browser (no stored app token) is signed
 * out without asking Firebase, the largest script after React: it loads when they open a
 * sign-in page. Anyone else may have a session, so Firebase starts once the page is idle (or at
 * their first interaction): the navbar shows its loading state until then.
 */
export function startAuthAtLoad(store: AppStore): void {
  if (readAccessToken()) whenIdle(() => void startAuth(store));
  else store.dispatch(signedOut());
}

async function listen(store: AppStore): Promise<void> {
  const config = await store.dispatch(api.endpoints.getConfig.initiate()).unwrap();
  const { auth, sdk } = await loadFirebase(config);
  sdk.onAuthStateChanged(auth, (user) => {
    if (!user) {
      clearAccessToken();
      store.dispatch(signedOut());
      return;
    }
    onSignedIn(store, user).catch(async (err: unknown) => {
      if (err instanceof TokenExchangeError && err.transient) {
        // The store could not answer (offline, busy) even after its retries: the session and
        // the remembered token stay, so the next page load tries again; this page says so.
        store.dispatch(signInFailed(SIGN_IN_UNAVAILABLE));
        return;
      }
      // The store refused this account: nothing signed-in works, so sign out rather than stay
      // half in.
      clearAccessToken();
      store.dispatch(signInFailed(err instanceof Error ? err.message : String(err)));
      await sdk.signOut(auth);
    });
  });
}
