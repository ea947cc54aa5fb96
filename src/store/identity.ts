/** Who is signed in, as the identity provider vouches for it (nothing decodes the token). */
export interface FreshIdentity {
  email: string;
  /** A Firebase ID token, just renewed: the API takes it in exchange for an app token. */
  idToken: string;
}

/**
 * What the store needs from the identity provider (Firebase in the app, a fake in tests). It
 * reaches thunks and the API slice in the thunk extra argument (ThunkExtra).
 */
export interface IdentityClient {
  /** The signed-in user's email and a fresh ID token, or null when nobody is signed in. */
  freshIdentity(): Promise<FreshIdentity | null>;
  signOut(): Promise<void>;
}

/** Until Firebase has loaded: nobody is signed in and there is nothing to sign out. */
export const noIdentity: IdentityClient = {
  freshIdentity: async () => null,
  signOut: async () => {},
};
