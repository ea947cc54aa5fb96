/**
 * What this browser keeps for buying as a guest (issue 47): its guest id, as the store issued it
 * (one open checkout per browser, as the API counts them), and the key of each guest checkout placed or opened here, so
 * its page opens again without the emailed link. Nothing else is kept; without storage the
 * page works for the moment only.
 */

const BROWSER_KEY = 'guestBrowser';
const KEYS_KEY = 'guestOrderKeys';
/** As `GUEST_BROWSER_ID` in contract/guests.ts (written out: that module brings TypeBox). */
const BROWSER_ID = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;
const ORDER_KEY = /^[A-Za-z0-9_-]{20,200}$/;

let pageBrowser: string | null = null;

/**
 * This browser's guest id: the one kept, else one the store issues now (`issue`), kept for the
 * next checkout. An id the store refuses is forgotten (`forgetGuestBrowser`) and issued anew.
 */
export async function guestBrowserId(issue: () => Promise<string>): Promise<string> {
  try {
    const stored = localStorage.getItem(BROWSER_KEY);
    if (stored && BROWSER_ID.test(stored)) return stored;
  } catch {
    if (pageBrowser) return pageBrowser;
  }
  const issued = await issue();
  pageBrowser = issued;
  try {
    localStorage.setItem(BROWSER_KEY, issued);
  } catch {
    // Kept for this page only.
  }
  return issued;
}

export function forgetGuestBrowser(): void {
  pageBrowser = null;
  try {
    localStorage.removeItem(BROWSER_KEY);
  } catch {
    // Nothing kept.
  }
}

function storedKeys(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEYS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && ORDER_KEY.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

const pageKeys: Record<string, string> = {};

/** The key this browser holds for a guest checkout, if any. */
export function guestOrderKey(checkoutId: string): string | null {
  return pageKeys[checkoutId] ?? storedKeys()[checkoutId] ?? null;
}

/** Keeps a guest checkout's key (from placing it, or from its link). */
export function keepGuestOrderKey(checkoutId: string, key: string): void {
  if (!ORDER_KEY.test(key)) return;
  pageKeys[checkoutId] = key;
  try {
    localStorage.setItem(KEYS_KEY, JSON.stringify({ ...storedKeys(), [checkoutId]: key }));
  } catch {
    // Kept for this page only.
  }
}

/** The key after `#key=` in a link's fragment (never sent to a server), or null. */
export function keyFromFragment(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key && ORDER_KEY.test(key) ? key : null;
}
