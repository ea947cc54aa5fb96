import { type APIRequestContext, type Page } from '@playwright/test';
import { emulatorAccounts } from '../scripts/emulatorAccounts';

/** Signing in, for the three Playwright suites: the demo accounts, the Auth emulator, the token. */

export const ADMIN = 'admin@store.test';
export const SHOPPER = 'shopper@store.test';
/** The demo accounts' password. */
export const PASSWORD = 'demo-pass-123';

/**
 * Playwright's API client may send a request on a kept-alive connection the store is closing
 * (idle 5 s; it ignores the Keep-Alive hint: microsoft/playwright#42701). The store never read
 * it and the call fails ECONNRESET, so it is sent again: Playwright retries only that error.
 */
export const RESENT_ON_RESET = { maxRetries: 2 } as const;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The Auth emulator of the store under test, as its `/api/config` names it. */
export async function emulatorUrl(request: APIRequestContext): Promise<string> {
  const config = await (await request.get('/api/config', RESENT_ON_RESET)).json();
  return config.firebase.authEmulatorUrl as string;
}

/** The token exchange: a Firebase ID token for the app's access token. */
export async function exchange(
  request: APIRequestContext,
  email: string,
  idToken: string,
): Promise<string> {
  const res = await request.put(`/api/users/${encodeURIComponent(email)}`, {
    ...RESENT_ON_RESET,
    headers: bearer(idToken),
    data: { email },
  });
  if (!res.ok()) throw new Error(`token exchange failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).token as string;
}

/** The Auth emulator's accounts API. */
async function accountsApi(request: APIRequestContext): Promise<string> {
  return `${await emulatorUrl(request)}/identitytoolkit.googleapis.com/v1/accounts`;
}

export interface SignedIn {
  idToken: string;
  localId: string;
}

/**
 * A Firebase ID token from the Auth emulator. `create` makes the account on first use (a new
 * account's sign-up; an existing one's sign-in).
 */
export async function emulatorSignIn(
  request: APIRequestContext,
  email: string,
  { password = PASSWORD, create = false }: { password?: string; create?: boolean } = {},
): Promise<SignedIn> {
  const accounts = await accountsApi(request);
  const data = { email, password, returnSecureToken: true };
  let res = create
    ? await request.post(`${accounts}:signUp?key=k`, { ...RESENT_ON_RESET, data })
    : null;
  if (!res?.ok()) {
    res = await request.post(`${accounts}:signInWithPassword?key=k`, { ...RESENT_ON_RESET, data });
  }
  if (!res.ok()) throw new Error(`emulator sign-in of ${email} failed: ${await res.text()}`);
  return (await res.json()) as SignedIn;
}

/** A new account in the Auth emulator (as registering would make it): its email. */
export async function newAccount(request: APIRequestContext, prefix: string): Promise<string> {
  const email = `${prefix}.${unique()}@store.test`;
  await emulatorSignIn(request, email, { create: true });
  return email;
}

/**
 * A new account whose email is verified, signed in once so the store knows it: someone the
 * owner can give a staff role.
 */
export async function verifiedAccount(request: APIRequestContext, prefix: string): Promise<string> {
  const email = `${prefix}.${unique()}@store.test`;
  const { localId } = await emulatorSignIn(request, email, { create: true });
  await emulatorAccounts(await emulatorUrl(request)).markEmailVerified(localId);
  await exchange(request, email, (await emulatorSignIn(request, email)).idToken);
  return email;
}

/** An account's app token (the demo accounts' unless `create`): the emulator, then the exchange. */
export async function appToken(
  request: APIRequestContext,
  email: string,
  { create = false }: { create?: boolean } = {},
): Promise<string> {
  const { idToken } = await emulatorSignIn(request, email, { create });
  return exchange(request, email, idToken);
}

/** Fills the login page the browser is on with an account's email and password, and submits. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
