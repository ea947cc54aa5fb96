import { Type, type Static } from '@sinclair/typebox';
import { Id, ImageUrl, NonBlank } from './common';

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

/** Optional paging of `GET /product`; without it the whole catalogue comes back (the spec). */
export const ProductPageQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ProductPageQuery = Static<typeof ProductPageQuery>;

const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/**
 * `POST /product`. The spec's form sends `availableauantity` (sic); `availablequantity` is
 * accepted too. Exactly one of them is needed.
 */
export const CreateProductBody = Type.Object(
  {
    name: NonBlank(200),
    description: NonBlank(2000),
    price: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    orderquantity: Count,
    availableauantity: Type.Optional(Count),
    availablequantity: Type.Optional(Count),
    img: ImageUrl,
  },
  { additionalProperties: false },
);
export type CreateProductBody = Static<typeof CreateProductBody>;
