import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/** A catalogue product as the spec names its fields. `price` is in dollars. */
export const Product = Type.Object(
  {
    _id: Id,
    name: Type.String(),
    img: Type.String({ description: 'Image URL' }),
    description: Type.String(),
    price: Type.Number({ description: 'Unit price in dollars' }),
    orderquantity: Type.Integer({ description: 'Minimum order quantity' }),
    availablequantity: Type.Integer({ description: 'Units in stock' }),
  },
  { $id: 'Product' },
);
export type Product = Static<typeof Product>;

export const ProductList = Type.Array(Product);
export type ProductList = Static<typeof ProductList>;
