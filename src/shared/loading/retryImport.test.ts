import { retryImport } from './retryImport';

function chunkLoadError() {
  const error = new Error(
    'Loading chunk 42 failed.\n(error: http://store/static/js/42.abc.chunk.js)',
  );
  error.name = 'ChunkLoadError';
  return error;
}

describe('retryImport', () => {
  it('loads once when the first try works', async () => {
    const load = jest.fn().mockResolvedValue({ Component: 'page' });
    await expect(retryImport(load, 0)()).resolves.toEqual({ Component: 'page' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed chunk once more, after a pause, and succeeds', async () => {
    jest.useFakeTimers();
    try {
      const load = jest
        .fn()
        .mockRejectedValueOnce(chunkLoadError())
        .mockResolvedValueOnce({ Component: 'page' });
      const result = retryImport(load, 500)();
      await jest.advanceTimersByTimeAsync(499);
      expect(load).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual({ Component: 'page' });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives up after the second failure with that failure', async () => {
    const second = chunkLoadError();
    const load = jest.fn().mockRejectedValueOnce(chunkLoadError()).mockRejectedValueOnce(second);
    await expect(retryImport(load, 0)()).rejects.toBe(second);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
