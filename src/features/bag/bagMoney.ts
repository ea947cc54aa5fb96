import { useMarketMoney } from '../../shared/markets/useMarketMoney';
import type { BagLineView } from './bagLine';

/** A line's money as the bag shows it: the unit price, the one it replaced, the line's total. */
export interface LineMoney {
  each: string | null;
  /** The price when the line was added, when it was another (the spec's dollar bag only). */
  was: string | null;
  total: string | null;
  /** What is wrong with the line, in the market's words (a dollar price move is the US's). */
  problem: string | null;
}

export interface BagMoney {
  line: (line: BagLineView) => LineMoney;
  subtotal: string | null;
  /** "incl. 19 % VAT" where the market's shelf prices include it. */
  note: string | null;
}

/**
 * The bag in the shopper's market (issue 46): each line at the market's shelf price, the
 * subtotal in its currency, VAT included where it shows it. The spec's US bag keeps its dollar
 * prices and says when one moved since it was added; another market shows today's price, which
 * is what its checkout charges.
 */
export function useBagMoney(lines: readonly BagLineView[]): BagMoney {
  const money = useMarketMoney(lines.map((line) => line.productId));
  const minorOf = (line: BagLineView) =>
    line.price === null ? undefined : money.minorOf(line.productId, line.price);
  const dollarBag = !money.priced;
  const each = lines.map(minorOf);
  const subtotal = each.every((minor) => minor !== undefined)
    ? money.format(each.reduce<number>((sum, minor, at) => sum + minor! * lines[at]!.quantity, 0))
    : null;
  return {
    line: (line) => {
      const minor = minorOf(line);
      const moved = dollarBag && line.price !== null && line.price !== line.priceWhenAdded;
      return {
        each: minor === undefined ? null : money.format(minor),
        was: moved ? money.format(Math.round(line.priceWhenAdded * 100)) : null,
        total: minor === undefined ? null : money.format(minor * line.quantity),
        problem: line.blocking || dollarBag ? line.problem : null,
      };
    },
    subtotal,
    note: money.vatNote,
  };
}
