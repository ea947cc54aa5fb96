import type { Location } from 'react-router-dom';

/**
 * What a guard hands /login: where the visitor was going, why they must sign in (shown on the
 * login page), and whether that page is for admins only (then only an admin goes back there).
 */
export interface LoginState {
  from: Location;
  notice: string;
  adminOnly?: boolean;
}

export const SIGN_IN_NOTICES = {
  order: 'Sign in to order: you will come back to this product afterwards.',
  page: 'Sign in to see that page: you will come back to it afterwards.',
  adminOnly: 'That page is for admins: sign in with an admin account to open it.',
  signedOutNotAdmin:
    'That page is for admins only, so you were signed out. Sign in with an admin account to open it.',
} as const;

/**
 * The state a guard sends a visitor to /login with: for a page of signed-in users, for an admin
 * page, or for an admin page a signed-in shopper was just signed out of.
 */
export function loginState(
  from: Location,
  kind: 'signedIn' | 'admin' | 'refusedShopper' = 'signedIn',
): LoginState {
  if (kind === 'admin') return { from, notice: SIGN_IN_NOTICES.adminOnly, adminOnly: true };
  if (kind === 'refusedShopper') {
    return { from, notice: SIGN_IN_NOTICES.signedOutNotAdmin, adminOnly: true };
  }
  const ordering = from.pathname.toLowerCase().startsWith('/productdetails/');
  return { from, notice: ordering ? SIGN_IN_NOTICES.order : SIGN_IN_NOTICES.page };
}

/** The `handle` of the route RequireAdmin guards. */
export const adminOnlyHandle = { adminOnly: true } as const;

/** Whether a matched route is the admin branch. */
export function isAdminOnlyMatch(match: { handle: unknown }): boolean {
  return (match.handle as { adminOnly?: unknown } | undefined)?.adminOnly === true;
}
