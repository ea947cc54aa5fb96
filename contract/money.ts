/**
 * Money as the store keeps it: whole minor units (cents, pence) with the currency's ISO code.
 * Formatting is the platform's (Intl.NumberFormat), in the market's locale; formatters are kept
 * per locale and currency because making one is the slow part.
 */

export interface Money {
  minor: number;
  currency: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** `minor` units of `currency` as a shopper of `locale` reads them: "$89.50", "81,99 €", "£70.99". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, format);
  }
  return format.format(minor / 10 ** minorDigits(currency));
}

/** The currency's minor digits (2 for USD, EUR and GBP; 0 for JPY), as the platform knows it. */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** A percentage as the market writes it: "7.25 %" in en-US, "19 %" in de-DE. */
export function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(
    rate / 100,
  );
}
