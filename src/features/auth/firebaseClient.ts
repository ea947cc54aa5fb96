import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type * as FirebaseAuth from 'firebase/auth';
import type { PublicConfig } from '../../../server/src/contract/config';

export interface FirebaseClient {
  auth: Auth;
  sdk: typeof FirebaseAuth;
}

let client: Promise<FirebaseClient> | null = null;

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
    const auth = sdk.getAuth(app);
    if (config.firebase.authEmulatorUrl) {
      sdk.connectAuthEmulator(auth, config.firebase.authEmulatorUrl, { disableWarnings: true });
    }
    return { auth, sdk };
  })();
  return client;
}

/** The loaded client; sign-in pages only run after `startAuth` began loading it. */
export function firebase(): Promise<FirebaseClient> {
  if (!client) throw new Error('Firebase is used before the auth listener started');
  return client;
}

/** Google popup sign-in, offered on both the login and the register form. */
export async function signInWithGoogle(): Promise<void> {
  const { auth, sdk } = await firebase();
  await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
}
