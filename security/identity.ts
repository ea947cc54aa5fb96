import type { APIRequestContext } from '@playwright/test';
import { emulatorSignIn, emulatorUrl, exchange } from '../playwright/accounts';
import { emulatorAccounts } from '../scripts/emulatorAccounts';

export { bearer, emulatorUrl, exchange } from '../playwright/accounts';

/** The attackers' accounts' password: they are made here, not imported with the demo. */
const PASSWORD = 'attack-pass-123';

/**
 * A real Firebase ID token from the Auth emulator, creating the account on first use, and
 * marking its email verified if asked (as its owner would by the emailed link) before the token
 * is minted, so the token says so.
 */
export async function idTokenFor(
  request: APIRequestContext,
  email: string,
  { verified = false }: { verified?: boolean } = {},
): Promise<string> {
  const signedIn = await emulatorSignIn(request, email, { password: PASSWORD, create: true });
  if (!verified) return signedIn.idToken;
  await emulatorAccounts(await emulatorUrl(request)).markEmailVerified(signedIn.localId);
  return (await emulatorSignIn(request, email, { password: PASSWORD })).idToken;
}

/**
 * Signs in through the token exchange and returns the app's access token. The email is verified
 * first (only verified accounts hold stock) unless `verified: false`.
 */
export async function appTokenFor(
  request: APIRequestContext,
  email: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<string> {
  return exchange(request, email, await idTokenFor(request, email, { verified }));
}

export const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@attack.test`;
