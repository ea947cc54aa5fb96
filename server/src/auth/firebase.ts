import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { accountsSaver } from './emulatorExports';

export interface VerifiedIdentity {
  uid: string;
  /** Lower-case email of the Firebase account. */
  email: string;
  /** Whether Firebase says the account proved it owns the email (read now, not from the token). */
  emailVerified: boolean;
  /** When Firebase minted this ID token (ms since the epoch, to the second). */
  issuedAt: number;
}

/** Checks a Firebase ID token and says whose it is. */
export interface IdentityVerifier {
  /** Refuses tokens of deleted or disabled accounts and of sessions revoked since sign-in. */
  verify(idToken: string): Promise<VerifiedIdentity>;
  /** Whether the account's email is verified now (false for an account that is gone). */
  emailVerified(uid: string): Promise<boolean>;
  /** Which of these uids no longer have a Firebase account. */
  deletedAccounts(uids: string[]): Promise<Set<string>>;
  /**
   * Ends every Firebase session of the account: its refresh tokens stop working, and ID tokens
   * minted before now are refused (`verify` checks revocation).
   */
  revokeSessions(uid: string): Promise<void>;
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
  const saveAccounts = emulatorAccountsSaver(config);
  return {
    async verify(idToken) {
      // checkRevoked: without it a real project (unlike the emulator) accepts the ID token of a
      // deleted or disabled account, or of a revoked session, for the rest of its hour.
      const decoded = await auth.verifyIdToken(idToken, true);
      // The account as it is now: an email verified after this ID token was minted counts.
      const account = await auth.getUser(decoded.uid);
      const email = account.email ?? decoded.email;
      if (!email) throw new Error('The Firebase account has no email address');
      await saveAccounts?.(
        [decoded.uid, decoded.auth_time, email, account.emailVerified, account.disabled].join(' '),
      );
      return {
        uid: decoded.uid,
        email: email.toLowerCase(),
        emailVerified: account.emailVerified,
        issuedAt: decoded.iat * 1000,
      };
    },
    async emailVerified(uid) {
      try {
        return (await auth.getUser(uid)).emailVerified;
      } catch (err) {
        if ((err as { code?: unknown }).code === 'auth/user-not-found') return false;
        throw err;
      }
    },
    async deletedAccounts(uids) {
      const gone = new Set<string>();
      // getUsers takes at most 100 identifiers a call.
      for (let i = 0; i < uids.length; i += 100) {
        const batch = uids.slice(i, i + 100);
        const { notFound } = await auth.getUsers(batch.map((uid) => ({ uid })));
        for (const missing of notFound) if ('uid' in missing) gone.add(missing.uid);
      }
      return gone;
    },
    async revokeSessions(uid) {
      try {
        await auth.revokeRefreshTokens(uid);
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'auth/user-not-found') throw err;
      }
    },
    close: () => deleteApp(app),
  };
}

/**
 * The store's own Auth emulator keeps accounts in memory until it stops: a store killed outright
 * would lose every account made since it started. So a sign-in is answered only once the
 * accounts are saved to the data folder, whenever it is one this process has not saved yet
 * (a new sign-in, a newly verified email...), which is a few exports per person, not per call.
 */
function emulatorAccountsSaver(config: Config) {
  const hub = config.firebase.authEmulatorHub;
  if (!hub) return null;
  const saver = accountsSaver(`http://${hub}`, config.dataDir);
  const saved = new Set<string>();
  return async (state: string) => {
    if (saved.has(state)) return;
    await saver.save();
    saved.add(state);
  };
}
