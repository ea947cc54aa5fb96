import type { Bag } from '@contract/bag';
import { bagLineProblem } from '@contract/bagRules';
import { unitsOrderable } from '@contract/stockRule';
import type { GuestBagLine } from '../../../shared/bag/guestBag';
import { unwrapOrThrow } from '../../../store/callApi';
import { api } from '../../../store/api';
import type { AppDispatch } from '../../../store/store';

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * A guest's bag (kept in this browser) as the checkout shows it: each line's product read from
 * the catalogue now, so its name, price, stock and status are today's, as `GET /bag` gives an
 * account's. The server prices and checks everything again when the checkout is placed.
 */
export async function guestBagForCheckout(
  dispatch: AppDispatch,
  lines: readonly GuestBagLine[],
): Promise<Bag> {
  const items = await Promise.all(
    lines.map(async (line) => {
      const product = await unwrapOrThrow(
        dispatch(api.endpoints.getProduct.initiate(line.productId, { subscribe: false })),
      );
      const orderable = unitsOrderable(product);
      return {
        productId: line.productId,
        name: product.name,
        price: product.price,
        priceWhenAdded: line.price,
        quantity: line.quantity,
        availablequantity: orderable,
        img: product.img,
        status: product.status,
        problem: bagLineProblem({
          status: product.status,
          quantity: line.quantity,
          orderable,
          priceCents: cents(product.price),
          priceCentsAdded: cents(line.price),
        }),
      };
    }),
  );
  const total = items.reduce((sum, item) => sum + cents(item.price) * item.quantity, 0) / 100;
  return { items, total, notices: [] };
}
