import { Type, type Static } from '@sinclair/typebox';
import { copy } from './copy';
import { Id, labelled } from './common';
import { ORDER_QUANTITY, ORDER_QUANTITY_TOO_SMALL } from './limits';
import { ProductStatus } from './products';

/**
 * The bag (issue 29): products a shopper means to buy together, kept on the server per account
 * so a phone and a laptop show the same bag. Each line becomes an ordinary order at checkout.
 */

/** Lines one bag may hold, and units one line may ask for (an order's own limit). */
export const BAG_LINES_MAX = 30;
export const BAG_LINE_QUANTITY = ORDER_QUANTITY;

export const BAG_FULL = `A bag holds at most ${BAG_LINES_MAX} different products: check out or remove one first.`;

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Why a line cannot be checked out as it is, or that its price moved; null when all is well. */
export function bagLineProblem(line: {
  status: 'active' | 'retired';
  quantity: number;
  orderable: number;
  priceCents: number;
  priceCentsAdded: number;
}): string | null {
  if (line.status === 'retired') return copy.bag.retired;
  if (line.orderable <= 0) return copy.bag.soldOut;
  if (line.quantity > line.orderable) return onlyLeft(line.orderable);
  if (line.priceCents !== line.priceCentsAdded) {
    return `The price changed from ${dollars(line.priceCentsAdded)} to ${dollars(line.priceCents)} since you added it.`;
  }
  return null;
}

/** Too little stock for the quantity asked. */
export const onlyLeft = (orderable: number) =>
  `Only ${orderable} left: lower the quantity to ${orderable} or remove it.`;

/** Said after a merge that could not add all the guest asked for. */
export const mergedLess = (name: string, asked: number, kept: number) =>
  kept === 0
    ? `${name} is out of stock, so it was not added to your bag.`
    : `Only ${kept} of ${name} ${kept === 1 ? 'is' : 'are'} in stock, so your bag has ${kept} (you asked for ${asked}).`;

/** Said after a merge that could add nothing to a line the account's bag already had. */
export const mergedNoMore = (name: string) =>
  `${name} was already in your bag, and no more are in stock to add.`;

/** Said after a merge for a product the store no longer sells. */
export const mergedRetired = (name: string) => `${name} is no longer sold, so it was not added.`;

const Quantity = Type.Integer({
  minimum: BAG_LINE_QUANTITY.min,
  maximum: BAG_LINE_QUANTITY.max,
  title: copy.order.fields.quantity,
  errorMessage: { minimum: ORDER_QUANTITY_TOO_SMALL },
});

export const BagItem = Type.Object(
  {
    productId: Id,
    name: Type.String(),
    price: Type.Number({ description: 'Unit price in dollars, now' }),
    priceWhenAdded: Type.Number({ description: 'Unit price in dollars when the line was set' }),
    quantity: Type.Integer(),
    availablequantity: Type.Integer({ description: 'Units that can be ordered now' }),
    img: Type.String(),
    status: ProductStatus,
    problem: Type.Union([Type.String(), Type.Null()], {
      description: 'Why the line cannot be checked out as it is (or that its price changed)',
    }),
  },
  { $id: 'BagItem' },
);
export type BagItem = Static<typeof BagItem>;

export const Bag = Type.Object(
  {
    items: Type.Array(BagItem),
    total: Type.Number({ description: 'Sum of the lines at today’s prices, in dollars' }),
    notices: Type.Array(Type.String(), {
      description: 'What a merge could not do as asked (capped or skipped lines); else empty',
    }),
  },
  { $id: 'Bag' },
);
export type Bag = Static<typeof Bag>;

export const BagItemParams = Type.Object({ productId: labelled(Id, copy.order.fields.product) });

/** `PUT /bag/items/:productId`: the line's quantity; 0 removes it. */
export const SetBagItemBody = Type.Object(
  {
    quantity: Type.Integer({
      minimum: 0,
      maximum: BAG_LINE_QUANTITY.max,
      title: copy.order.fields.quantity,
    }),
  },
  { additionalProperties: false },
);
export type SetBagItemBody = Static<typeof SetBagItemBody>;

/** `POST /bag/merge`: the guest's bag from the browser, added to the account's at sign-in. */
export const MergeBagBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { productId: labelled(Id, copy.order.fields.product), quantity: Quantity },
        { additionalProperties: false },
      ),
      {
        maxItems: BAG_LINES_MAX,
        title: 'Your bag',
        errorMessage: { maxItems: `can hold at most ${BAG_LINES_MAX} different products` },
      },
    ),
  },
  { additionalProperties: false },
);
export type MergeBagBody = Static<typeof MergeBagBody>;
