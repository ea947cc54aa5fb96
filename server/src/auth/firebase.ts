import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';

export interface VerifiedIdentity {
  uid: string;
  /** Lower-case email of the Firebase account. */
  email: string;
}

/** Checks a Firebase ID token and says whose it is. */
export interface IdentityVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
  close(): Promise<void>;
}

/**
 * firebase-admin's verifier: Google's signing keys for a real project, or the Auth emulator
 * (whose unsigned tokens firebase-admin accepts only when FIREBASE_AUTH_EMULATOR_HOST is set,
 * which config refuses in production).
 */
export function createFirebaseVerifier(config: Config): IdentityVerifier {
  if (config.firebase.authEmulatorHost) {
    // firebase-admin reads the emulator address from the environment on every call.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.authEmulatorHost;
  }
  // A named app per API instance: tests build many side by side.
  const app = initializeApp({ projectId: config.firebase.projectId }, `store-api-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      const decoded = await auth.verifyIdToken(idToken);
      if (!decoded.email) throw new Error('The Firebase account has no email address');
      return { uid: decoded.uid, email: decoded.email.toLowerCase() };
    },
    close: () => deleteApp(app),
  };
}
