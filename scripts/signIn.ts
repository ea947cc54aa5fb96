import { emulatorAccounts } from './emulatorAccounts';

/**
 * Signs someone in the way the SPA does, from outside the store (benchmarks, the security
 * suite): an account in the Auth emulator (created on first use, else signed in with the same
 * password), then the API's token exchange. Returns the app's access token.
 */
export async function signInThroughEmulator(options: {
  api: string;
  /** The emulator's address, `http://host:port`. */
  emulator: string;
  email: string;
  password: string;
  /** Mark the email verified, as its owner would by the emailed link (admins need it). */
  verifyEmail?: boolean;
}): Promise<string> {
  const { api, emulator, email, password } = options;
  const accounts = `${emulator}/identitytoolkit.googleapis.com/v1/accounts`;
  const credentials = JSON.stringify({ email, password, returnSecureToken: true });
  const post = (action: string) =>
    fetch(`${accounts}:${action}?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
    });
  let account = await post('signUp');
  if (!account.ok) account = await post('signInWithPassword');
  if (!account.ok) throw new Error(`emulator sign-in for ${email}: ${await account.text()}`);
  const { idToken, localId } = (await account.json()) as { idToken: string; localId: string };
  if (options.verifyEmail) await emulatorAccounts(emulator).markEmailVerified(localId);

  const exchange = await fetch(`${api}/api/users/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ email }),
  });
  if (!exchange.ok) {
    throw new Error(`token exchange for ${email}: ${exchange.status} ${await exchange.text()}`);
  }
  return ((await exchange.json()) as { token: string }).token;
}
