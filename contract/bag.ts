import { Type, type Static } from '@sinclair/typebox';
import { copy } from './copy';
import { Id, labelled } from './common';
import { ORDER_QUANTITY_TOO_SMALL } from './limits';
import { BAG_LINE_QUANTITY, BAG_LINES_MAX } from './quantities';
import { ProductStatus } from './products';

/**
 * The bag (issue 29): products a shopper means to buy together, kept on the server per account
 * so a phone and a laptop show the same bag. Each line becomes an ordinary order at checkout.
 * Its limits are in quantities.ts and its sentences in bagRules.ts (plain values the SPA bundles
 * without TypeBox).
 */

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
