/**
 * The embedded identity provider's accounts on disk (issue 26): every save is a complete folder
 * of its own, a start takes the newest, and an interrupted save or promotion loses nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  accountsDir,
  accountsSaver,
  exportsDir,
  settleAccounts,
} from '../src/auth/emulatorExports';
import { eventually } from './eventually';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** An export folder as the emulator writes it, holding `label` as its accounts. */
function writeExport(dir: string, label: string, madeAt: Date) {
  fs.mkdirSync(path.join(dir, 'auth_export'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'auth_export', 'accounts.json'), label);
  const metadata = path.join(dir, 'firebase-export-metadata.json');
  fs.writeFileSync(metadata, '{}');
  fs.utimesSync(metadata, madeAt, madeAt);
}
const accounts = (dir = accountsDir(dataDir)) =>
  fs.readFileSync(path.join(dir, 'auth_export', 'accounts.json'), 'utf8');
const at = (seconds: number) => new Date(1_800_000_000_000 + seconds * 1000);

test('a start takes the newest complete save, by when it was made, and clears the rest', () => {
  writeExport(accountsDir(dataDir), 'promoted last start', at(0));
  // The save at exit is named when the store starts, before the saves at sign-ins: time decides.
  writeExport(path.join(exportsDir(dataDir), '2-exit'), 'at exit', at(30));
  writeExport(path.join(exportsDir(dataDir), '3-export'), 'at a sign-in', at(20));
  fs.mkdirSync(path.join(exportsDir(dataDir), '4-export')); // being written when killed
  fs.mkdirSync(path.join(dataDir, 'firebase-export-1234abc')); // the emulator's own temporary
  settleAccounts(dataDir);
  expect(accounts()).toBe('at exit');
  expect(fs.readdirSync(dataDir).sort()).toEqual(['auth']);
});

test('without newer saves the accounts stay as they are', () => {
  writeExport(accountsDir(dataDir), 'as it was', at(0));
  settleAccounts(dataDir);
  settleAccounts(dataDir);
  expect(accounts()).toBe('as it was');
});

test('a promotion interrupted at any step is finished by the next start', () => {
  // Killed after the older saves went and auth/ was moved aside, before the newest moved in.
  writeExport(`${accountsDir(dataDir)}.previous`, 'before', at(0));
  writeExport(path.join(exportsDir(dataDir), '9-export'), 'newest', at(10));
  settleAccounts(dataDir);
  expect(accounts()).toBe('newest');

  // Killed after the newest moved in, before auth.previous went.
  writeExport(`${accountsDir(dataDir)}.previous`, 'before', at(0));
  settleAccounts(dataDir);
  expect(accounts()).toBe('newest');
  expect(fs.existsSync(`${accountsDir(dataDir)}.previous`)).toBe(false);

  // auth/ gone (moved aside) and no save left: the one moved aside is the accounts.
  fs.renameSync(accountsDir(dataDir), `${accountsDir(dataDir)}.previous`);
  settleAccounts(dataDir);
  expect(accounts()).toBe('newest');
});

describe('saving through the hub', () => {
  let hub: http.Server;
  let hubUrl: string;
  let exportsMade = 0;
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();

  beforeEach(async () => {
    exportsMade = 0;
    hub = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', async () => {
        exportsMade += 1;
        const made = exportsMade;
        await gate;
        writeExport(JSON.parse(body).path, `export ${made}`, new Date());
        res.end('{"message":"OK"}');
      });
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    hubUrl = `http://127.0.0.1:${(hub.address() as { port: number }).port}`;
  });
  afterEach(() => new Promise((resolve) => hub.close(resolve)));

  test('each save is a new folder, the older ones go, and the next start takes it', async () => {
    const saver = accountsSaver(hubUrl, dataDir);
    await saver.save();
    await saver.save();
    expect(fs.readdirSync(exportsDir(dataDir))).toHaveLength(1);
    settleAccounts(dataDir);
    expect(accounts()).toBe('export 2');
  });

  test('sign-ins that arrive during a save share the next one', async () => {
    const saver = accountsSaver(hubUrl, dataDir);
    gate = new Promise((resolve) => (release = resolve));
    const first = saver.save();
    // The crowd comes once the first export is under way (the hub has been asked).
    expect(await eventually(async () => exportsMade, 1)).toBe(1);
    const crowd = Array.from({ length: 20 }, () => saver.save());
    release();
    await Promise.all([first, ...crowd]);
    expect(exportsMade).toBe(2);
    settleAccounts(dataDir);
    expect(accounts()).toBe('export 2');
  });
});
