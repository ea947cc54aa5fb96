import path from 'node:path';
import { ownerSecret } from '../secretFile';

/**
 * The embedded database's password: random, made at its first start in its folder
 * (`$DATA_DIR/pglite/store-password`, mode 0600 in an owner-only folder) and kept. The wire
 * server asks every client for it (SCRAM-SHA-256); the API, and the database process itself for
 * `npm run backup`, read it from there. Another user of the machine can neither read it nor
 * connect without it.
 */
export const PASSWORD_FILE = 'store-password';

export function databasePassword(pgliteDir: string): string {
  return ownerSecret(path.join(pgliteDir, PASSWORD_FILE));
}

/** The `postgres://` URL of the wire server on `port` of this machine's loopback. */
export function embeddedUrl(port: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}
