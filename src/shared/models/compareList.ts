import { browserChoice } from '../markets/browserChoice';

/** Tyres one comparison holds (issue 51): four, side by side. */
export const COMPARE_MAX = 4;

/** The comparison's address parameter: the tyres' ids, in the order they were added. */
export const IDS_PARAM = 'ids';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids in `a,b,c`: product ids only, each once, lower case, in their order. */
export function readIds(text: string | null): string[] {
  const ids = (text ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => UUID.test(id));
  return [...new Set(ids)];
}

/** The comparison's address: shared as it is, it shows the same tyres. */
export const compareHref = (ids: readonly string[]) => `/compare?${IDS_PARAM}=${ids.join(',')}`;

/** The tyres this browser is comparing (localStorage), read after hydration (browserChoice). */
const kept = browserChoice('compare', '');

export function useCompareIds(): string[] {
  return readIds(kept.use());
}

/** What adding a tyre did: added, or refused as the comparison is full. */
export type CompareAdd = 'added' | 'full';

/** Adds a tyre at the end; a fifth is refused (the caller says so in words). */
export function addToCompare(current: readonly string[], id: string): CompareAdd {
  if (current.includes(id)) return 'added';
  if (current.length >= COMPARE_MAX) return 'full';
  kept.set([...current, id].join(','));
  return 'added';
}

export function removeFromCompare(current: readonly string[], id: string): void {
  kept.set(current.filter((one) => one !== id).join(','));
}

/** Keeps exactly these (a shared link opened: its tyres become this browser's comparison). */
export function keepCompared(ids: readonly string[]): void {
  kept.set(ids.slice(0, COMPARE_MAX).join(','));
}
