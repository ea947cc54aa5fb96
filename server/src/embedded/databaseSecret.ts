import path from 'node:path';
import { ownerSecret } from '../secretFile';

/**
 * The embedded database's password: random, made at its first start in its folder
 * (`$DATA_DIR/postgres/store-password`, mode 0600, the store's user's own) and kept. initdb
 * gives it to the server's `postgres` role, which asks every client for it (SCRAM-SHA-256); the
 * API and `npm run backup` read it from there. Another user of the machine can neither read it
 * nor connect without it.
 */
export const PASSWORD_FILE = 'store-password';

export function databasePassword(postgresDir: string): string {
  return ownerSecret(path.join(postgresDir, PASSWORD_FILE));
}

/** The `postgres://` URL of the embedded server on `port` of this machine's loopback. */
export function embeddedUrl(port: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}
