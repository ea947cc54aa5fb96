import path from 'node:path';
import { ownerSecret } from '../secretFile';

/**
 * The app-token key of a development store (no JWT_SECRET): random, made at the first start and
 * kept in the data folder (owner-only), so tokens survive restarts and no key is written in the
 * source for anyone to mint tokens with. API processes sharing the folder share the key.
 */
export function developmentSecret(dataDir: string): string {
  return ownerSecret(path.join(dataDir, 'jwt-secret'));
}
