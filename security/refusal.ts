import { expect, type APIResponse } from '@playwright/test';

/**
 * A refusal as the API answers every one: the status, and `{ error, message }` in words, with
 * the body field it is about (`field`) when it is about one. Nothing else: no stack, no SQL.
 */
export async function expectRefused(response: APIResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(Object.keys(body).filter((key) => !['error', 'message', 'field'].includes(key))).toEqual(
    [],
  );
  if ('field' in body) expect(body.field).toEqual(expect.any(String));
}
