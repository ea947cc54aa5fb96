import type { CheckoutPricing } from '@contract/markets';
import { checkoutCopy } from '@contract/checkoutCopy';
import { formatMoney, formatRate } from '@contract/money';
import styled from 'styled-components';
import { SummaryBox, SummaryLines } from './LinesSummary';

/** Subtotal, the tax per rate and the total: each name with its amount at the end of its row. */
const Totals = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  font-variant-numeric: tabular-nums;
  div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
  dd {
    margin: 0;
  }
`;

const words = checkoutCopy.bagCheckout;

/**
 * A checkout priced in a market (issue 46): each line (goods, services, fees, delivery) in the
 * market's currency, the tax per rate (inside the lines where VAT is included) and the total.
 */
export function PricedLines({ pricing }: { pricing: CheckoutPricing }) {
  const money = (minor: number) => formatMoney(minor, pricing.currency, pricing.locale);
  return (
    <>
      <SummaryLines
        lines={pricing.lines.map((line, at) => ({
          key: `${at}`,
          name: line.label,
          quantity: line.quantity,
          price: line.unitMinor / 100,
          shown: { total: money(line.amountMinor), unit: money(line.unitMinor) },
        }))}
      />
      <Totals>
        {!pricing.taxIncluded && (
          <div>
            <dt>{words.subtotal}</dt>
            <dd>{money(pricing.subtotalMinor)}</dd>
          </div>
        )}
        {pricing.taxes.map((tax) => (
          <div key={tax.rate}>
            <dt>{words.tax(formatRate(tax.rate, pricing.locale), pricing.taxIncluded)}</dt>
            <dd>{money(tax.taxMinor)}</dd>
          </div>
        ))}
        <div>
          <dt>
            <strong>{words.total}</strong>
          </dt>
          <dd>
            <strong>{money(pricing.totalMinor)}</strong>
          </dd>
        </div>
      </Totals>
    </>
  );
}

/** The priced checkout's lines under a title, where the bag's summary stands. */
export function PricedSummary({ pricing, title }: { pricing: CheckoutPricing; title: string }) {
  return (
    <SummaryBox aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{title}</h2>
      <PricedLines pricing={pricing} />
    </SummaryBox>
  );
}
