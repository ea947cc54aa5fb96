/**
 * The discount codes a shopper typed (issue 49), kept in this browser from the bag to the
 * checkout: the server checks them again with the bag each time, and the checkout that uses them
 * forgets them. Only codes the server said apply are kept.
 */
const KEY = 'promotionCodes';

export function keptCodes(): string[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((code) => typeof code === 'string') : [];
  } catch {
    return []; // storage refused (private mode) or not ours: no codes kept
  }
}

export function keepCodes(codes: readonly string[]): void {
  try {
    if (codes.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(codes));
  } catch {
    // Not kept: the checkout asks for the code again.
  }
}

/** After a placed checkout (its own function: the checkout's chunk carries only this). */
export function forgetKeptCodes(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}
