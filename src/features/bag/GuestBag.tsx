import { useEffect, useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { bagCopy } from '../../shared/bag/bagCopy';
import { bagLineProblem } from '@contract/bagRules';
import { unitsOrderable } from '@contract/stockRule';
import { api } from '../../store/api';
import { apiErrorMessage, apiErrorStatus } from '../../store/apiError';
import { guestLineSet, selectGuestBag, type GuestBagLine } from '../../shared/bag/guestBag';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { BagCarChecks } from '../../shared/vehicles/BagCarChecks';
import { BagLines } from './BagLines';
import { useBagMoney } from './bagMoney';
import { BagSaving } from './BagSaving';
import { BagSummary, SignInAction } from './BagSummary';
import { EmptyBag } from './EmptyBag';
import type { BagLineView } from './bagLine';

type ProductResult = ReturnType<ReturnType<typeof api.endpoints.getProduct.select>>;

const cents = (dollars: number) => Math.round(dollars * 100);

/** A guest's line with its product as the catalogue has it now (or while it loads, or gone). */
function viewOf(line: GuestBagLine, result: ProductResult): BagLineView {
  const product = result.data;
  if (!product) {
    const gone = [400, 404].includes(apiErrorStatus(result.error) ?? 0);
    const failed = result.isError;
    return {
      productId: line.productId,
      name: gone ? bagCopy.page.gone : bagCopy.page.loadingLine,
      img: null,
      price: null,
      priceWhenAdded: line.price,
      quantity: line.quantity,
      orderable: 0,
      problem: gone ? bagCopy.page.goneProblem : failed ? apiErrorMessage(result.error) : null,
      blocking: failed,
    };
  }
  const orderable = unitsOrderable(product);
  return {
    productId: line.productId,
    name: product.name,
    img: product.img,
    price: product.price,
    priceWhenAdded: line.price,
    quantity: line.quantity,
    orderable,
    problem: bagLineProblem({
      status: product.status,
      quantity: line.quantity,
      orderable,
      priceCents: cents(product.price),
      priceCentsAdded: cents(line.price),
    }),
    blocking: product.status === 'retired' || line.quantity > orderable,
  };
}

/**
 * A guest's bag, kept in this browser: each line's product is read from the catalogue (public),
 * so its price, stock and status are today's. Checkout starts with signing in, after which the
 * bag joins the account's and this page shows that one, or goes on as a guest.
 */
export function GuestBag() {
  const dispatch = useAppDispatch();
  const lines = useAppSelector(selectGuestBag);
  const ids = lines.map((line) => line.productId).join();
  const selectors = useMemo(
    () => (ids ? ids.split(',') : []).map((id) => api.endpoints.getProduct.select(id)),
    [ids],
  );
  const results = useAppSelector((state) => selectors.map((select) => select(state)), shallowEqual);

  // Each line's product, kept in the cache while the page shows it.
  useEffect(() => {
    const reads = (ids ? ids.split(',') : []).map((id) =>
      dispatch(api.endpoints.getProduct.initiate(id)),
    );
    return () => reads.forEach((read) => read.unsubscribe());
  }, [ids, dispatch]);

  const views = lines.map((line, at) => viewOf(line, results[at] ?? { isError: false }));
  const money = useBagMoney(views);
  if (lines.length === 0) return <EmptyBag />;
  const set = (line: BagLineView, quantity: number) =>
    dispatch(
      guestLineSet({
        productId: line.productId,
        quantity,
        price: line.price ?? line.priceWhenAdded,
      }),
    );
  return (
    <>
      <BagLines
        lines={views}
        moneyOf={money.line}
        busy={false}
        failure={null}
        onQuantity={set}
        onRemove={(line) => set(line, 0)}
      />
      <BagCarChecks lines={lines} />
      <BagSaving items={lines} />
      <BagSummary
        subtotal={money.subtotal}
        includes={money.note}
        action={<SignInAction blocked={views.some((line) => line.blocking)} />}
      />
    </>
  );
}
