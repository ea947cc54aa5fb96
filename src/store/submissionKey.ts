import { useState } from 'react';
import { newKey } from './newKey';

/** A create call's body plus the Idempotency-Key of the form submission it belongs to. */
export type Keyed<T> = T & { idempotencyKey?: string };

/** The request of a keyed create call: the key goes in the header, never in the body. */
export function keyedPost<T extends object>(url: string, { idempotencyKey, ...body }: Keyed<T>) {
  return {
    url,
    method: 'POST',
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  };
}

/**
 * One Idempotency-Key per form submission: the same key while what is sent is unchanged (a
 * double-submit, a retry after a lost answer), so the API creates one record; a new key once
 * the content changes or after a success (`done`), so a real second order is a new one.
 */
export class SubmissionKeys {
  private last: { content: string; key: string } | null = null;

  keyFor(body: unknown): string {
    const content = JSON.stringify(body);
    if (this.last?.content !== content) this.last = { content, key: newKey() };
    return this.last.key;
  }

  done(): void {
    this.last = null;
  }
}

/** A form's SubmissionKeys, kept for the life of the form. */
export function useSubmissionKeys(): SubmissionKeys {
  const [keys] = useState(() => new SubmissionKeys());
  return keys;
}
