import type { APIRequestContext } from '@playwright/test';
import { emulatorAccounts } from '../scripts/emulatorAccounts';

const PASSWORD = 'attack-pass-123';

export async function emulatorUrl(request: APIRequestContext): Promise<string> {
  const config = await (await request.get('/api/config')).json();
  return config.firebase.authEmulatorUrl as string;
}

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
  const emulator = await emulatorUrl(request);
  const base = `${emulator}/identitytoolkit.googleapis.com/v1`;
  const data = { email, password: PASSWORD, returnSecureToken: true };
  let res = await request.post(`${base}/accounts:signUp?key=k`, { data });
  if (!res.ok()) res = await request.post(`${base}/accounts:signInWithPassword?key=k`, { data });
  if (!res.ok()) throw new Error(`emulator sign-in failed: ${await res.text()}`);
  if (!verified) return (await res.json()).idToken as string;
  await emulatorAccounts(emulator).markEmailVerified((await res.json()).localId as string);
  res = await request.post(`${base}/accounts:signInWithPassword?key=k`, { data });
  if (!res.ok()) throw new Error(`emulator sign-in failed: ${await res.text()}`);
  return (await res.json()).idToken as string;
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
  const idToken = await idTokenFor(request, email, { verified });
  const res = await request.put(`/api/users/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${idToken}` },
    data: { email },
  });
  if (!res.ok()) throw new Error(`token exchange failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@attack.test`;

/** The demo admin of `npm start` (verified, imported into the emulator at first start). */
export async function demoAdminToken(request: APIRequestContext): Promise<string> {
  const base = `${await emulatorUrl(request)}/identitytoolkit.googleapis.com/v1`;
  const email = 'admin@store.test';
  const signIn = await request.post(`${base}/accounts:signInWithPassword?key=k`, {
    data: { email, password: 'demo-pass-123', returnSecureToken: true },
  });
  const { idToken } = await signIn.json();
  return exchange(request, email, idToken as string);
}

/** The token exchange with a given Firebase ID token. */
export async function exchange(
  request: APIRequestContext,
  email: string,
  idToken: string,
): Promise<string> {
  const res = await request.put(`/api/users/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${idToken}` },
    data: { email },
  });
  if (!res.ok()) throw new Error(`token exchange failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).token as string;
}
