import { Type, type Static } from '@sinclair/typebox';
import { copy } from '../../../src/copy';
import { Id, ImageUrl, labelled, NonBlank } from './common';
import { AMOUNT_MAX, TEXT_MAX } from './limits';

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

/**
 * The answer of `GET /product`: always an array (the spec's call), the whole catalogue or one
 * page of it; `X-Total-Count` counts every product either way.
 */
export const ProductListResponse = Type.Array(Product, {
  description: 'The products, oldest first: all of them, or the page asked for',
  headers: {
    'X-Total-Count': Type.Integer({
      minimum: 0,
      description: 'How many products there are in all',
    }),
    ETag: Type.String({
      description: 'Send it back in If-None-Match to get a 304 while unchanged',
    }),
  },
});

/** Optional paging of `GET /product`; without it the whole catalogue comes back (the spec). */
export const ProductPageQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 500,
        description: 'Page size (50 when only offset is given)',
      }),
    ),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1_000_000_000,
        description:
          'Products to skip (0 when only limit is given); past the end, the page is empty',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ProductPageQuery = Static<typeof ProductPageQuery>;

const Count = (title: string) => Type.Integer({ minimum: 0, maximum: AMOUNT_MAX, title });
const labels = copy.addProduct.fields;

/**
 * `POST /product`. The spec's form sends `availableauantity` (sic); `availablequantity` is
 * accepted too. Exactly one of them is needed.
 */
export const CreateProductBody = Type.Object(
  {
    name: NonBlank(TEXT_MAX.productName, labels.name),
    description: NonBlank(TEXT_MAX.description, labels.description),
    price: Type.Number({ minimum: 0, maximum: AMOUNT_MAX, title: labels.price }),
    orderquantity: Count(labels.orderQuantity),
    availableauantity: Type.Optional(Count(labels.availableQuantity)),
    availablequantity: Type.Optional(Count(labels.availableQuantity)),
    img: labelled(ImageUrl, labels.image),
  },
  { additionalProperties: false },
);
export type CreateProductBody = Static<typeof CreateProductBody>;
