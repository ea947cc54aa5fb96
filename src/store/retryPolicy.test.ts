import { MAX_RETRIES, retryDelayMs, shouldRetry } from './retryPolicy';

describe('retry policy', () => {
  it('waits min(1000 * 2^attempt, 30000) ms, starting at one second', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries a read up to 3 times on network errors and 5xx', () => {
    expect(MAX_RETRIES).toBe(3);
    const down = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } as const;
    expect(shouldRetry(down, 1, 'query')).toBe(true);
    expect(shouldRetry(down, 3, 'query')).toBe(true);
    expect(shouldRetry(down, 4, 'query')).toBe(false);
    expect(shouldRetry({ status: 503, data: null }, 1, 'query')).toBe(true);
    expect(shouldRetry({ status: 'TIMEOUT_ERROR', error: 'timeout' }, 1, 'query')).toBe(true);
  });

  it('never retries a 4xx, a parse error or a write', () => {
    expect(shouldRetry({ status: 400, data: null }, 1, 'query')).toBe(false);
    expect(shouldRetry({ status: 401, data: null }, 1, 'query')).toBe(false);
    expect(shouldRetry({ status: 404, data: null }, 1, 'query')).toBe(false);
    expect(
      shouldRetry(
        { status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'x' },
        1,
        'query',
      ),
    ).toBe(false);
    expect(shouldRetry({ status: 500, data: null }, 1, 'mutation')).toBe(false);
  });
});
