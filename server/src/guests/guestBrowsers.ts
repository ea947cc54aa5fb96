import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser's guest id (issue 47), issued by the store, never chosen by the browser: 128 random
 * bits and their HMAC-SHA256 under a key of the store's own (derived from the app tokens'
 * secret), `<id>.<mac>` in base64url. One unpaid guest checkout per browser means something only
 * because a new id is issued a few times an hour per address (routes/guests.ts), and an id the
 * store did not issue is refused. Nothing is stored: the MAC proves it.
 */
export class GuestBrowsers {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own: a browser id can never pass for an app token, nor the other way round.
    this.key = createHmac('sha256', secret).update('tyre-store guest browser id').digest();
  }

  private mac(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  issue(): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(id)}`;
  }

  /** Whether the store issued this id. */
  issued(value: string): boolean {
    const [id, mac, ...rest] = value.split('.');
    if (!id || !mac || rest.length > 0) return false;
    const expected = Buffer.from(this.mac(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
