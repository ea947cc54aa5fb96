import type { DraftLine } from '../markets/pricedLines';
import type { Discounts } from './discounts';

export interface Discounted {
  /** Every line, each discount right after the line it was given on. */
  lines: DraftLine[];
  /** The lines the tax provider is asked about: each at what is left of it after discounts. */
  taxable: DraftLine[];
  applied: Discounts['applied'];
  refused: Discounts['refused'];
}

/** The priced lines with the discounts in them, before tax. */
export function withDiscounts(drafts: readonly DraftLine[], discounts: Discounts): Discounted {
  const on = new Map<string, DraftLine[]>();
  for (const line of discounts.lines) {
    const { promotionId: _promotion, on: reference, ...draft } = line;
    on.set(reference, [...(on.get(reference) ?? []), { ...draft, discountOn: reference }]);
  }
  const lines = drafts.flatMap((line) => [line, ...(on.get(line.reference) ?? [])]);
  const taxable = drafts.map((line) => {
    const off = (on.get(line.reference) ?? []).reduce((sum, each) => sum - each.amountMinor, 0);
    return { ...line, amountMinor: line.amountMinor - off };
  });
  return { lines, taxable, applied: discounts.applied, refused: discounts.refused };
}
