import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type * as FirebaseAuth from 'firebase/auth';
import type { PublicConfig } from '@contract/config';

export interface FirebaseClient {
  auth: Auth;
  sdk: typeof FirebaseAuth;
}

let client: Promise<FirebaseClient> | null = null;
let clientRequested: (client: Promise<FirebaseClient>) => void;
const requested = new Promise<Promise<FirebaseClient>>((resolve) => {
  clientRequested = resolve;
});

/**
 * The Firebase Auth SDK, loaded on first use so it never delays the first paint. The project,
 * or the emulator, comes from `GET /api/config`: one build runs against any deployment.
 */
export function loadFirebase(config: PublicConfig): Promise<FirebaseClient> {
  client ??= (async () => {
    const [{ initializeApp }, sdk] = await Promise.all([
      import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
      import(/* webpackChunkName: "firebase-auth" */ 'firebase/auth'),
    ]);
    const app: FirebaseApp = initializeApp({
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
    });
    // `getAuth` would add the popup resolver, and with it Firebase loads Google's script frame
    // (apis.google.com) at start on mobile browsers. The Google button brings it when pressed.
    const auth = sdk.initializeAuth(app, {
      persistence: [
        sdk.indexedDBLocalPersistence,
        sdk.browserLocalPersistence,
        sdk.browserSessionPersistence,
      ],
    });
    if (config.firebase.authEmulatorUrl) {
      sdk.connectAuthEmulator(auth, config.firebase.authEmulatorUrl, { disableWarnings: true });
    }
    return { auth, sdk };
  })();
  clientRequested(client);
  return client;
}

/** The client, once `startAuth` has loaded it (a sign-in page starts it when it opens). */
export async function firebase(): Promise<FirebaseClient> {
  return client ?? (await requested);
}

/** Google popup sign-in, offered on both the login and the register form. */
export async function signInWithGoogle(): Promise<void> {
  const { auth, sdk } = await firebase();
  await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
}
