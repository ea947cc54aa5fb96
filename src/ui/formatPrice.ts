import { copy } from '@contract/copy';

const amount = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `$89.99`: the spec's price with a $ sign. */
export function formatPrice(dollars: number): string {
  return `${copy.product.currency}${amount.format(dollars)}`;
}
