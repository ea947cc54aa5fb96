import styled from 'styled-components';
import type { Checkout } from '@contract/checkout';
import type { PublicConfig } from '@contract/config';
import { useGetConfigQuery } from '../../../store/api';
import { marketCopy } from '@contract/marketCopy';
import { formatMoney, formatRate } from '@contract/money';
import { Button } from '../../../ui/Button';
import { Page, PageHeading } from '../../../ui/Page';
import { panelSurface } from '../../../ui/surface';
import { usePageTitle } from '../../../ui/usePageTitle';
import { QueryState } from '../../../shared/QueryState';
import { useGetCheckoutQuery } from './bagCheckoutApi';

const words = marketCopy.receipt;

const Sheet = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  table {
    width: 100%;
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    text-align: right;
  }
  th:first-child,
  td:first-child {
    text-align: left;
    overflow-wrap: anywhere;
  }
  @media print {
    box-shadow: none;
    button {
      display: none;
    }
  }
`;

/** The checkout's receipt, printable as an invoice: seller, buyer, each line's rate, tax per rate. */
function ReceiptSheet({
  checkout,
  seller,
}: {
  checkout: Checkout;
  seller: PublicConfig['seller'];
}) {
  const { pricing } = checkout;
  const buyer = checkout.orders[0];
  if (!pricing) return <p>{words.notPriced}</p>;
  const money = (minor: number) => formatMoney(minor, pricing.currency, pricing.locale);
  const rate = (value: number) => formatRate(value, pricing.locale);
  return (
    <Sheet aria-label={words.number(checkout._id)}>
      <header>
        <strong>{seller.legalName}</strong>
        <p>{seller.address}</p>
        <p>
          {words.number(checkout._id)} · {words.date}{' '}
          {new Date(checkout.createdAt).toLocaleDateString(pricing.locale)}
        </p>
      </header>
      {buyer && (
        <section>
          <strong>{words.buyer}</strong>
          <p>
            {buyer.name}, {buyer.address}
          </p>
        </section>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">{marketCopy.receipt.title}</th>
            <th scope="col">×</th>
            <th scope="col">{words.rate}</th>
            <th scope="col">{pricing.currency}</th>
          </tr>
        </thead>
        <tbody>
          {pricing.lines.map((line, at) => (
            <tr key={at}>
              <td>{line.label}</td>
              <td>{line.quantity}</td>
              <td>{rate(line.taxRate)}</td>
              <td>{money(line.amountMinor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {pricing.taxes.map((tax) => (
            <tr key={tax.rate}>
              <th scope="row" colSpan={3}>
                {pricing.taxIncluded
                  ? marketCopy.taxIncluded(rate(tax.rate))
                  : marketCopy.taxAdded(rate(tax.rate))}
              </th>
              <td>{money(tax.taxMinor)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={3}>
              {words.total}
            </th>
            <td>
              <strong>{money(pricing.totalMinor)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <Button type="button" onClick={() => window.print()}>
        {words.print}
      </Button>
    </Sheet>
  );
}

/** `/checkout/:id/receipt`. */
export function Receipt({ checkoutId }: { checkoutId: string }) {
  usePageTitle(words.title);
  const checkout = useGetCheckoutQuery(checkoutId);
  const config = useGetConfigQuery();
  return (
    <Page>
      <PageHeading>{words.title}</PageHeading>
      <QueryState query={checkout} loadingLabel={words.loading} errorMessage={words.failed}>
        {(data) => (
          // The seller is the store's configuration (STORE_LEGAL_NAME, STORE_ADDRESS).
          <QueryState query={config} loadingLabel={words.loading} errorMessage={words.failed}>
            {({ seller }) => <ReceiptSheet checkout={data} seller={seller} />}
          </QueryState>
        )}
      </QueryState>
    </Page>
  );
}
