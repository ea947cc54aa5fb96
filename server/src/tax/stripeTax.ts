import type Stripe from 'stripe';
import type { TaxKind } from '../../../contract/markets';
import { TaxUnavailable, type TaxProvider } from './taxProvider';

/**
 * Stripe Tax (production): one tax calculation per checkout, every line with its tax code and
 * whether its amount includes tax. Stripe rounds; the store takes each line's tax and rate as
 * Stripe answers them. Any failure, or an answer missing a line, is TaxUnavailable: the checkout
 * stops and nothing is charged.
 */

/** Stripe's tax codes for the store's kinds of line (https://docs.stripe.com/tax/tax-codes). */
const TAX_CODES: Record<TaxKind, string> = {
  tyres: 'txcd_99999999', // general tangible goods
  parts: 'txcd_99999999',
  services: 'txcd_20030000', // general services
  fees: 'txcd_00000000', // not subject to tax
  delivery: 'txcd_92010001', // shipping
};

export function createStripeTax(stripe: Stripe): TaxProvider {
  return {
    name: 'stripe',
    async calculate({ market, country, region, postalCode, lines }) {
      let calculation: Stripe.Tax.Calculation;
      try {
        calculation = await stripe.tax.calculations.create({
          currency: market.currency.toLowerCase(),
          line_items: lines.map((line) => ({
            amount: line.amountMinor,
            reference: line.reference,
            tax_code: TAX_CODES[line.kind],
            tax_behavior: market.taxIncluded ? 'inclusive' : 'exclusive',
          })),
          customer_details: {
            address: {
              country,
              ...(region ? { state: region } : {}),
              ...(postalCode ? { postal_code: postalCode } : {}),
            },
            address_source: 'shipping',
          },
          expand: ['line_items.data.tax_breakdown'],
        });
      } catch (err) {
        throw new TaxUnavailable(`Stripe Tax did not answer: ${(err as Error).message}`);
      }
      const answered = new Map(
        (calculation.line_items?.data ?? []).map((item) => [item.reference, item]),
      );
      return lines.map((line) => {
        const item = answered.get(line.reference);
        if (!item || !Number.isInteger(item.amount_tax)) {
          throw new TaxUnavailable(`Stripe Tax answered without line ${line.reference}`);
        }
        const rate = (item.tax_breakdown ?? []).reduce(
          (sum, part) => sum + Number(part.tax_rate_details?.percentage_decimal ?? 0),
          0,
        );
        return {
          reference: line.reference,
          rate: Math.round(rate * 1000) / 1000,
          taxMinor: item.amount_tax,
        };
      });
    },
  };
}
