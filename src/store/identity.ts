/**
 * What the store needs from the identity provider (Firebase in the app, a fake in tests). It
 * reaches thunks and the API slice as the thunk extra argument, so neither imports Firebase.
 */
export interface IdentityClient {
  /** A fresh ID token of the signed-in user, or null when nobody is signed in. */
  freshIdToken(): Promise<string | null>;
  signOut(): Promise<void>;
}

export interface ThunkExtra {
  identity: IdentityClient;
}

/** Until Firebase has loaded: nobody is signed in and there is nothing to sign out. */
export const noIdentity: IdentityClient = {
  freshIdToken: async () => null,
  signOut: async () => {},
};
