import { keyedPost, SubmissionKeys } from './submissionKey';

describe('SubmissionKeys', () => {
  it('keeps one key while the same content is sent again, and a new one after a change or a success', () => {
    const keys = new SubmissionKeys();
    const first = keys.keyFor({ address: 'Leeds', quantity: 2 });
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    // A double-submit or a retry of the same form: the same key, so the API creates once.
    expect(keys.keyFor({ address: 'Leeds', quantity: 2 })).toBe(first);
    const changed = keys.keyFor({ address: 'Leeds', quantity: 3 });
    expect(changed).not.toBe(first);
    keys.done();
    // Ordering the same again later is a new order.
    expect(keys.keyFor({ address: 'Leeds', quantity: 3 })).not.toBe(changed);
  });

  it('puts the key in the header, never in the body', () => {
    expect(keyedPost('review', { name: 'Ana', idempotencyKey: 'k-12345678' })).toEqual({
      url: 'review',
      method: 'POST',
      body: { name: 'Ana' },
      headers: { 'Idempotency-Key': 'k-12345678' },
    });
    expect(keyedPost('review', { name: 'Ana' })).toEqual({
      url: 'review',
      method: 'POST',
      body: { name: 'Ana' },
    });
  });
});
