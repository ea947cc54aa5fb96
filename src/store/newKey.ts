/**
 * 32 random hex digits (getRandomValues works over plain http too, unlike randomUUID): a form
 * submission's Idempotency-Key (submissionKey.ts) and the guest bag's name, which every page
 * reads, without the forms' helpers.
 */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
