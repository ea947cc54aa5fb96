/** Readable text for the identity provider's errors (the spec's section 8 kinds). */
const MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'The password is wrong.',
  'auth/invalid-credential': 'The email or the password is wrong.',
  'auth/invalid-login-credentials': 'The email or the password is wrong.',
  'auth/user-not-found': 'There is no account with this email.',
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in.',
  'auth/cancelled-popup-request': 'Another sign-in window was opened.',
  'auth/popup-blocked': 'The browser blocked the sign-in window. Allow pop-ups and try again.',
  'auth/network-request-failed': 'The network failed. Check your connection and try again.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this address.',
  'auth/web-storage-unsupported': 'This browser blocks the storage sign-in needs.',
  'auth/invalid-api-key': 'Sign-in is misconfigured on this store.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
  'auth/invalid-email': 'The email address is not valid.',
  'auth/weak-password': 'The password is too weak.',
};

/** The message shown after 'Error : ' for a failed sign-in, registration or reset. */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && MESSAGES[code]) return MESSAGES[code];
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
