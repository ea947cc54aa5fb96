import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A random secret kept in `file`, readable by its owner alone: made at the first call (its
 * folder too, owner-only), read at every later one. Written aside, then linked into place: a
 * process starting alongside never reads half a secret, and two making one at once agree on the
 * first. A file others could read is made owner-only again (one made by an older version).
 */
export function ownerSecret(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to make one`);
  return secret;
}
