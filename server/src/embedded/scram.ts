/**
 * The server's side of SCRAM-SHA-256 (RFC 5802, RFC 7677), PostgreSQL's password
 * authentication: the client proves it knows the password without sending it, and the server
 * proves it knows it too (the client checks the server's signature). Without channel binding:
 * the embedded database speaks plain TCP on loopback.
 * https://www.postgresql.org/docs/current/sasl-authentication.html
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

export const SCRAM_SHA_256 = 'SCRAM-SHA-256';

/** What the server keeps of a password: enough to check a proof, not to make one. */
export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** PostgreSQL's default iteration count. */
export function scramVerifier(password: string, iterations = 4096): ScramVerifier {
  const salt = randomBytes(16);
  // SASLprep leaves the store's generated passwords (base64url) as they are.
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  return {
    salt,
    iterations,
    storedKey: sha256(hmac(salted, 'Client Key')),
    serverKey: hmac(salted, 'Server Key'),
  };
}

/** The attributes of a SCRAM message (`r=…,s=…`), by their letter. */
function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of text.split(',')) {
    if (/^[a-zA-Z]=/.test(part)) found.set(part[0]!, part.slice(2));
  }
  return found;
}

/**
 * One client's exchange: `first` answers its client-first-message with the server-first-message,
 * `final` checks its client-final-message and answers the server-final-message, or null when the
 * proof is wrong. A malformed message throws.
 */
export class ScramExchange {
  private clientFirstBare = '';
  private serverFirst = '';
  private gs2Header = '';
  private nonce = '';

  constructor(private readonly verifier: ScramVerifier) {}

  first(clientFirst: string): string {
    // gs2-header: the channel-binding flag and an authorization identity, then the bare message.
    const match = /^(n|y|p=[^,]*),([^,]*),(.*)$/s.exec(clientFirst);
    if (!match) throw new Error('malformed SCRAM client-first-message');
    if (match[1]!.startsWith('p=')) throw new Error('SCRAM channel binding is not supported');
    this.gs2Header = `${match[1]},${match[2]},`;
    this.clientFirstBare = match[3]!;
    const clientNonce = attributes(this.clientFirstBare).get('r');
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce)) {
      throw new Error('malformed SCRAM client nonce');
    }
    this.nonce = clientNonce + randomBytes(18).toString('base64');
    this.serverFirst = `r=${this.nonce},s=${this.verifier.salt.toString('base64')},i=${this.verifier.iterations}`;
    return this.serverFirst;
  }

  final(clientFinal: string): string | null {
    if (!this.serverFirst) throw new Error('SCRAM client-final-message before the first');
    const at = clientFinal.lastIndexOf(',p=');
    if (at < 0) throw new Error('malformed SCRAM client-final-message');
    const withoutProof = clientFinal.slice(0, at);
    const proof = Buffer.from(clientFinal.slice(at + 3), 'base64');
    const found = attributes(withoutProof);
    if (found.get('c') !== Buffer.from(this.gs2Header).toString('base64')) return null;
    if (found.get('r') !== this.nonce || proof.length !== 32) return null;
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const signature = hmac(this.verifier.storedKey, authMessage);
    const clientKey = Buffer.alloc(32);
    for (let i = 0; i < 32; i += 1) clientKey[i] = proof[i]! ^ signature[i]!;
    if (!timingSafeEqual(sha256(clientKey), this.verifier.storedKey)) return null;
    return `v=${hmac(this.verifier.serverKey, authMessage).toString('base64')}`;
  }
}
