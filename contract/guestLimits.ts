/**
 * An unpaid guest checkout (issue 47) holds its stock and fitting place this long at most, not an
 * account's 30 minutes. Plain values, so the SPA bundles them without TypeBox.
 */
export const GUEST_HOLD_SECONDS = 10 * 60;
