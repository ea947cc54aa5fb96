import type { LineKind, Market, TaxKind } from '../../../contract/markets';
import { marketCopy } from '../../../contract/marketCopy';

/**
 * A bag in a market as priced lines, before tax: each product at its shelf price; with a fitting
 * at the shop, per tyre its fitting (by rim size), valves or TPMS service and old-tyre disposal;
 * a US state's fee per new tyre; delivery, flat, when nothing is fitted. Pure: the same bag,
 * market and address always give the same lines.
 */

export interface BagLine {
  productId: string;
  name: string;
  category: 'tyre' | 'wheel' | 'part';
  rim: number | null;
  quantity: number;
  /** The product's shelf price in the market (its own, or converted). */
  unitMinor: number;
}

export interface DraftLine {
  reference: string;
  productId: string | null;
  kind: LineKind;
  taxKind: TaxKind;
  label: string;
  quantity: number;
  unitMinor: number;
  amountMinor: number;
  /** A discount line's (issue 49): the reference of the line it was given on. */
  discountOn?: string;
}

export function pricedLines(
  market: Market,
  bag: readonly BagLine[],
  where: { region: string | null; fitted: boolean },
): DraftLine[] {
  const lines: DraftLine[] = [];
  const add = (line: Omit<DraftLine, 'reference' | 'amountMinor'>) => {
    if (line.unitMinor <= 0) return;
    lines.push({
      ...line,
      reference: `${line.kind}-${line.productId ?? 'checkout'}`,
      amountMinor: line.unitMinor * line.quantity,
    });
  };
  const { fees } = market;
  for (const item of bag) {
    const tyre = item.category === 'tyre';
    const { productId, quantity } = item;
    add({
      productId,
      kind: 'goods',
      taxKind: tyre ? 'tyres' : 'parts',
      label: item.name,
      quantity,
      unitMinor: item.unitMinor,
    });
    if (!tyre) continue;
    if (where.fitted) {
      const band = fees.fittingPerTyre.find(
        (step) => step.upToRim === null || (item.rim !== null && item.rim <= step.upToRim),
      );
      const rim = item.rim === null ? null : Number(item.rim);
      const service = { productId, taxKind: 'services' as const, quantity };
      add({
        ...service,
        kind: 'fitting',
        label: marketCopy.lines.fitting(rim),
        unitMinor: band?.minor ?? 0,
      });
      add({
        ...service,
        kind: 'valves',
        label: marketCopy.lines.valves,
        unitMinor: fees.valvesPerTyre,
      });
      add({
        ...service,
        kind: 'disposal',
        label: marketCopy.lines.disposal,
        unitMinor: fees.disposalPerTyre,
      });
    }
    const stateFee = where.region ? fees.tyreFeeByRegion[where.region] : undefined;
    if (stateFee) {
      add({
        productId,
        kind: 'tyreFee',
        taxKind: 'fees',
        label: marketCopy.lines.tyreFee(where.region!),
        quantity,
        unitMinor: stateFee,
      });
    }
  }
  if (!where.fitted && bag.length > 0) {
    add({
      productId: null,
      kind: 'delivery',
      taxKind: 'delivery',
      label: marketCopy.lines.delivery,
      quantity: 1,
      unitMinor: fees.delivery,
    });
  }
  return lines;
}
