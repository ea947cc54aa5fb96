import type { Market, TaxKind } from '../../../contract/markets';

/**
 * Who works out a checkout's tax: the store's own rate tables (`storeRates.ts`, the embedded
 * default) or Stripe Tax (`stripeTax.ts`, production). A provider answers a rate and a tax for
 * every line, or throws: a total is never made with a line left untaxed by accident.
 */

/** One line to tax: its amount as the shelf shows it (tax included where the market says). */
export interface TaxLine {
  reference: string;
  kind: TaxKind;
  amountMinor: number;
}

export interface TaxQuestion {
  market: Market;
  country: string;
  /** The state or region (a US state's two letters); null where tax does not depend on it. */
  region: string | null;
  postalCode: string | null;
  lines: TaxLine[];
}

export interface TaxedLine {
  reference: string;
  /** Percent: 7.25 is 7.25 %. */
  rate: number;
  /** The line's tax: inside its amount where tax is included, else added to it. */
  taxMinor: number;
}

export interface TaxProvider {
  readonly name: 'store' | 'stripe';
  /** Every line's rate and tax; throws TaxUnavailable or NoTaxRate instead of guessing. */
  calculate(question: TaxQuestion): Promise<TaxedLine[]>;
}

/** The provider did not answer, or answered without a line: nothing may be charged. */
export class TaxUnavailable extends Error {}

/** The store's tables have no rate for a kind of line where it is sold. */
export class NoTaxRate extends Error {
  constructor(
    readonly kind: TaxKind,
    readonly where: string,
  ) {
    super(`no ${kind} rate in ${where}`);
  }
}
