import type { FastifyInstance } from 'fastify';
import { emulatorAccounts } from '../../scripts/emulatorAccounts';

export const TEST_PASSWORD = 'test-pass-123';

function emulatorUrl(path: string): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (server/test/globalSetup.ts)');
  return `http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=test-api-key`;
}

async function call(path: string, body: unknown, attempt = 1): Promise<EmulatorAnswer> {
  try {
    const response = await fetch(emulatorUrl(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, body: (await response.json()) as Record<string, unknown> };
  } catch (err) {
    // The emulator closes idle keep-alive sockets; fetch may pick one just as it closes.
    if (attempt < 3) return call(path, body, attempt + 1);
    throw err;
  }
}

interface EmulatorAnswer {
  ok: boolean;
  body: Record<string, unknown>;
}

/**
 * A real Firebase ID token from the Auth emulator, creating the account on first use (with its
 * email verified if asked: admins need that).
 */
export async function firebaseIdToken(email: string, verified = false): Promise<string> {
  const credentials = { email, password: TEST_PASSWORD, returnSecureToken: true };
  let answer = await call('accounts:signUp', credentials);
  if (!answer.ok) answer = await call('accounts:signInWithPassword', credentials);
  if (!answer.ok) throw new Error(`emulator sign-in failed: ${JSON.stringify(answer.body)}`);
  if (verified) {
    await emulatorAccounts(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`).markEmailVerified(
      String(answer.body.localId),
    );
  }
  return String(answer.body.idToken);
}

/**
 * Signs in through the API's token exchange and returns the app's access token. A refused token
 * is tried once more with a fresh one: in one CI run the emulator, busy beside the web tests,
 * handed out a token the verifier refused (not reproduced since); a second refusal fails.
 */
export async function appToken(
  app: FastifyInstance,
  email: string,
  options: { verified?: boolean } = {},
  attempt = 1,
): Promise<string> {
  const idToken = await firebaseIdToken(email, options.verified);
  const res = await app.inject({
    method: 'PUT',
    url: `/api/users/${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${idToken}` },
    payload: { email },
  });
  if (res.statusCode === 401 && attempt === 1) return appToken(app, email, options, 2);
  if (res.statusCode !== 200)
    throw new Error(`token exchange failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** A fresh email per call, so test files never share accounts. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${process.pid}.${Date.now()}.${counter}@test.store`;
}
