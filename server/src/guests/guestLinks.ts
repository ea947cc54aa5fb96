import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkouts, guestCheckouts, guestLinks } from '../db/schema';
import { NotSignedIn } from '../domainErrors';
import type { CheckoutRow } from '../checkout/checkoutTable';
import { guestWords } from './guestWords';

/**
 * The links that open a guest checkout without signing in. A link is the checkout's page with a
 * key after `#key=` (a fragment: browsers never send it, so it is in no server's log): 256
 * random bits, of which only the SHA-256 is stored, so it cannot be guessed, nor forged from the
 * database. A key opens its own checkout only, and stops working once revoked.
 */

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** The page a link opens, with its key: the path after the store's public address. */
export const guestOrderPath = (checkoutId: string, key: string) =>
  `/guest/order/${encodeURIComponent(checkoutId)}#key=${key}`;

/** A new link to this checkout; its key is known only to the caller (and the email it goes in). */
export async function mintGuestLink(tx: Db, checkoutId: string): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await tx.insert(guestLinks).values({ checkoutId, keyHash: hashOf(key) });
  return key;
}

/** The guest checkout this key opens, or a 401 in words: another checkout's key opens nothing. */
export async function checkoutOfKey(
  db: Db,
  checkoutId: string,
  key: string,
): Promise<{ checkout: CheckoutRow; email: string }> {
  const [row] = await db
    .select({ checkout: checkouts, email: guestCheckouts.email })
    .from(guestLinks)
    .innerJoin(checkouts, eq(checkouts.id, guestLinks.checkoutId))
    .innerJoin(guestCheckouts, eq(guestCheckouts.checkoutId, guestLinks.checkoutId))
    .where(
      and(
        eq(guestLinks.keyHash, hashOf(key)),
        eq(guestLinks.checkoutId, checkoutId),
        isNull(guestLinks.revokedAt),
      ),
    );
  if (!row) throw new NotSignedIn(guestWords.linkRefused);
  return row;
}

/** Every link to this checkout stops working (Find my order emails a new one). */
export async function revokeGuestLinks(db: Db, checkoutId: string): Promise<void> {
  await db
    .update(guestLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(guestLinks.checkoutId, checkoutId), isNull(guestLinks.revokedAt)));
}

/** An email the outbox is about to write: the shopper's emails of a guest checkout get a link. */
interface PlannedEmail {
  audience: 'shopper' | 'admins';
  checkoutId: string | null;
  data: { guest?: { orderNumber: string; link: string } | null };
}

/**
 * Gives every shopper email of a guest checkout its own link (in the outbox's transaction), so a
 * guest follows the order from any of its emails without signing in.
 */
export async function addGuestLinks(tx: Db, planned: PlannedEmail[]): Promise<void> {
  const ids = [
    ...new Set(
      planned.flatMap((email) =>
        email.audience === 'shopper' && email.checkoutId ? [email.checkoutId] : [],
      ),
    ),
  ];
  if (ids.length === 0) return;
  const guests = await tx
    .select({ checkoutId: guestCheckouts.checkoutId })
    .from(guestCheckouts)
    .where(inArray(guestCheckouts.checkoutId, ids));
  const isGuest = new Set(guests.map((row) => row.checkoutId));
  for (const email of planned) {
    if (email.audience !== 'shopper' || !email.checkoutId || !isGuest.has(email.checkoutId)) {
      continue;
    }
    const key = await mintGuestLink(tx, email.checkoutId);
    email.data.guest = {
      orderNumber: email.checkoutId,
      link: guestOrderPath(email.checkoutId, key),
    };
  }
}
