/** A moment (ISO) as people read it: '20 Nov 2026, 10:00', in the browser's time zone. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
