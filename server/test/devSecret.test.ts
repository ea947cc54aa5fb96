import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { developmentSecret } from '../src/auth/devSecret';

describe('the development secret', () => {
  it('is made once, random and owner-only, and read again at the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-secret-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-secret-'));
    try {
      const first = developmentSecret(dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
      expect(developmentSecret(dir)).toBe(first);
      expect(developmentSecret(other)).not.toBe(first);
      expect(fs.readdirSync(dir)).toEqual(['jwt-secret']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
