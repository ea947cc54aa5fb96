import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { Product, ProductCategory, TyreSeason } from './products';

/**
 * Tyre models (issue 51): a brand and pattern, its sizes being the spec's products (variants).
 * A wheel or a part is a model of one size. The spec's product calls answer per size as before.
 */
export const TyreModel = Type.Object(
  {
    _id: Id,
    brand: Type.String(),
    pattern: Type.String(),
    /** Brand and pattern as the shop writes them (`Velocity Sport`). */
    name: Type.String(),
    category: ProductCategory,
    season: Type.Union([TyreSeason, Type.Null()]),
    description: Type.String(),
    features: Type.Array(Type.String()),
    /** The picture of its first size until the model has pictures of its own. */
    img: Type.String(),
    /** Its sizes on sale, smallest rim first, then width and aspect (the spec's product fields). */
    sizes: Type.Array(Product),
    /** The lowest price of its sizes, in dollars. */
    priceFrom: Type.Number(),
  },
  { $id: 'TyreModel' },
);
export type TyreModel = Static<typeof TyreModel>;

/** The dry run of grouping the catalogue into models (GET /models/grouping). */
export const ModelGroupingReport = Type.Object(
  {
    products: Type.Integer({ minimum: 0 }),
    models: Type.Integer({ minimum: 0, description: 'Models the grouping makes, of one size too' }),
    grouped: Type.Object(
      {
        models: Type.Integer({ minimum: 0 }),
        products: Type.Integer({ minimum: 0 }),
      },
      { description: 'Models of two sizes or more, and the products in them' },
    ),
    ownModels: Type.Integer({
      minimum: 0,
      description: 'Products that stay a model of their own (wheels, parts, names without a model)',
    }),
    groups: Type.Array(
      Type.Object({
        brand: Type.String(),
        pattern: Type.String(),
        names: Type.Array(Type.String(), { description: 'Its sizes, as the products are named' }),
      }),
      { description: 'The grouped models by brand and pattern, at most `listed`' },
    ),
    more: Type.Integer({ minimum: 0, description: 'Grouped models left out of groups' }),
  },
  { $id: 'ModelGroupingReport' },
);
export type ModelGroupingReport = Static<typeof ModelGroupingReport>;

export const ModelGroupingQuery = Type.Object({
  listed: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10000, description: 'Grouped models to list (200)' }),
  ),
});
export type ModelGroupingQuery = Static<typeof ModelGroupingQuery>;
