import type { LightMyRequestResponse } from 'fastify';
import { bearer } from './identity';
import type { TestApp } from './testApp';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call in-process, signed in with `token` (anonymous without one). */
export function callAs(
  t: TestApp,
  token: string | null | undefined,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** A signed-in call by email: `call(email, method, url, payload?, headers?)`, null for nobody. */
export type SignedInCall = (
  email: string | null,
  method: Method,
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** Signed-in calls to the app `t()` gives, as the account `tokenOf(email)` holds the token of. */
export function signedInCalls(
  t: () => TestApp,
  tokenOf: (email: string) => string | undefined,
): SignedInCall {
  return (email, method, url, payload, headers) =>
    callAs(t(), email === null ? null : tokenOf(email), method, url, payload, headers);
}
