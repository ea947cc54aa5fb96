import { useState } from 'react';
import { bagCopy } from '../../shared/bag/bagCopy';
import type { Bag } from '@contract/bag';
import { apiErrorMessage } from '../../store/apiError';
import { useGetBagQuery } from '../../shared/bag/bagApi';
import { useRemoveBagItemMutation, useSetBagItemMutation } from '../../shared/bag/bagChangesApi';
import { QueryState } from '../../shared/QueryState';
import { BagCarChecks } from '../../shared/vehicles/BagCarChecks';
import { BagLines } from './BagLines';
import { useBagMoney } from './bagMoney';
import { BagSaving } from './BagSaving';
import { BagSummary, CheckoutAction } from './BagSummary';
import { EmptyBag } from './EmptyBag';
import type { BagLineView } from './bagLine';

/** The API's lines as the page shows them; a line is in the way of checkout as the API says. */
function linesOf(bag: Bag): BagLineView[] {
  return bag.items.map((item) => ({
    ...item,
    orderable: item.availablequantity,
    blocking: item.status === 'retired' || item.quantity > item.availablequantity,
  }));
}

/** The signed-in shopper's bag, kept on the server: every change is sent, then read back. */
export function AccountBag() {
  const query = useGetBagQuery();
  const [setItem, setting] = useSetBagItemMutation();
  const [removeItem, removing] = useRemoveBagItemMutation();
  const [failure, setFailure] = useState<{ productId: string; message: string } | null>(null);
  const busy = setting.isLoading || removing.isLoading || query.isFetching;

  async function change(line: BagLineView, quantity: number | null) {
    setFailure(null);
    const done = await (quantity === null
      ? removeItem(line.productId)
      : setItem({ productId: line.productId, quantity }));
    if (done.error) setFailure({ productId: line.productId, message: apiErrorMessage(done.error) });
  }

  return (
    <QueryState
      query={query}
      loadingLabel={bagCopy.page.loading}
      errorMessage={bagCopy.page.loadFailed}
    >
      {(bag) => {
        if (bag.items.length === 0) return <EmptyBag />;
        return (
          <AccountBagLines
            lines={linesOf(bag)}
            busy={busy}
            failure={failure}
            onChange={(line, quantity) => void change(line, quantity)}
          />
        );
      }}
    </QueryState>
  );
}

/** The account's lines, priced in the shopper's market, and the way to checkout. */
function AccountBagLines({
  lines,
  busy,
  failure,
  onChange,
}: {
  lines: BagLineView[];
  busy: boolean;
  failure: { productId: string; message: string } | null;
  onChange: (line: BagLineView, quantity: number | null) => void;
}) {
  const money = useBagMoney(lines);
  return (
    <>
      <BagLines
        lines={lines}
        moneyOf={money.line}
        busy={busy}
        failure={failure}
        onQuantity={onChange}
        onRemove={(line) => onChange(line, null)}
      />
      <BagCarChecks />
      <BagSaving />
      <BagSummary
        subtotal={money.subtotal}
        includes={money.note}
        action={<CheckoutAction blocked={lines.some((line) => line.blocking)} />}
      />
    </>
  );
}
