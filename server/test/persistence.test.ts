import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { testConfig } from './testApp';

describe('a PGlite data folder', () => {
  it('keeps what one run stored for the next run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-data-'));
    try {
      const first = await buildApp(testConfig({ pgliteDir: dir }));
      const listed = (await first.inject({ method: 'GET', url: '/api/product' })).json();
      await first.close();

      const second = await buildApp(testConfig({ pgliteDir: dir }));
      const again = (await second.inject({ method: 'GET', url: '/api/product' })).json();
      await second.close();

      // Same ids: the second start reused the data instead of seeding anew.
      expect(again.map((p: { _id: string }) => p._id)).toEqual(
        listed.map((p: { _id: string }) => p._id),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
