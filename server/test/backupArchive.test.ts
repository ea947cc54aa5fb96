/**
 * A backup file unpacks to the very files it was made of: empty, small and large ones, in one
 * archive (tar may have read several entries ahead before the restore takes each one).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openArchive, writeArchive } from '../../scripts/backupArchive';

let work: string;
beforeEach(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-archive-'))));
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

test('every file comes back whole, byte for byte', async () => {
  const stage = path.join(work, 'stage');
  fs.mkdirSync(path.join(stage, 'database'), { recursive: true });
  const sizes = [0, 10, 100, 1000, 20_000, 0, 5, 300_000, 7];
  const tables = sizes.map((size, i) => {
    const file = `database/public.t${i}.copy`;
    fs.writeFileSync(path.join(stage, file), randomBytes(size).toString('base64').slice(0, size));
    return { schema: 'public', name: `t${i}`, file, columns: ['a'], rows: 0 };
  });
  const archive = path.join(work, 'backup.tar.gz');
  await writeArchive(archive, stage, {
    format: 'tyre-store-backup',
    formatVersion: 2,
    createdAt: new Date(0).toISOString(),
    store: { name: 'tyre-store', version: '0.0.0', migrationsKnown: 1 },
    database: {
      kind: 'embedded',
      format: 'store-copy',
      serverVersion: '18',
      migrations: 1,
      tables,
      sequences: [],
    },
    accounts: { kind: 'none', reason: 'test' },
  });
  const unpacked = path.join(work, 'unpacked');
  fs.mkdirSync(unpacked);
  await openArchive(archive, unpacked);
  for (const table of tables) {
    expect(fs.readFileSync(path.join(unpacked, table.file))).toEqual(
      fs.readFileSync(path.join(stage, table.file)),
    );
  }
});
