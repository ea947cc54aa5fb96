import { Type, type Static } from '@sinclair/typebox';
import { Id, ImageUrl, NonBlank } from './common';
import { Product, ProductCategory, TyreSeason } from './products';

/** A picture of a model, in gallery order, with the addresses of the sizes the pages show. */
export const ModelPicture = Type.Object(
  {
    _id: Id,
    url: Type.String({ description: 'The picture as uploaded' }),
    alt: Type.String({ description: 'What it shows, for a screen reader' }),
    productId: Type.Union([Id, Type.Null()], {
      description: 'The size it shows only, or null for the whole model',
    }),
    cardUrl: Type.String({ description: 'Its 400 × 300 size, for cards' }),
    detailsUrl: Type.String({ description: 'Its 960 × 720 size, for the gallery' }),
  },
  { $id: 'ModelPicture' },
);
export type ModelPicture = Static<typeof ModelPicture>;

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
    /** Its first picture's card size, else the picture of its first size. */
    img: Type.String(),
    pictures: Type.Array(ModelPicture, { description: 'In gallery order' }),
    /** Its sizes on sale, smallest rim first, then width and aspect (the spec's product fields). */
    sizes: Type.Array(Product),
    /** The lowest price of its sizes, in dollars. */
    priceFrom: Type.Number(),
  },
  { $id: 'TyreModel' },
);
export type TyreModel = Static<typeof TyreModel>;

/** Products one `GET /models/of` asks about: a page of the shop and more. */
export const MODELS_OF_MAX = 100;

/** `GET /models/of?ids=a,b`: the products whose models to name. */
export const ModelsOfQuery = Type.Object(
  {
    ids: Type.String({
      // Room for a few more, so that too many is refused by count, in words.
      maxLength: 37 * MODELS_OF_MAX * 2,
      description: `Product ids, comma-separated (at most ${MODELS_OF_MAX})`,
    }),
  },
  { additionalProperties: false },
);
export type ModelsOfQuery = Static<typeof ModelsOfQuery>;

/** The model a product on sale is a size of, and how many of its sizes are on sale. */
export const ModelOfProduct = Type.Object(
  {
    productId: Id,
    modelId: Id,
    name: Type.String({ description: 'Brand and pattern (`Velocity Sport`)' }),
    sizes: Type.Integer({ minimum: 1, description: 'Its sizes on sale' }),
  },
  { $id: 'ModelOfProduct' },
);
export type ModelOfProduct = Static<typeof ModelOfProduct>;

export const ModelsOfProducts = Type.Array(ModelOfProduct, {
  description: 'One per product on sale asked about; others are left out',
});

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

/** Pictures one model may have. */
export const MODEL_PICTURES_MAX = 20;
/** The longest alt text of a picture. */
export const PICTURE_ALT_MAX = 200;

const Alt = NonBlank(PICTURE_ALT_MAX, 'Alt text');

export const AddModelPictureBody = Type.Object(
  {
    url: ImageUrl,
    alt: Alt,
    productId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type AddModelPictureBody = Static<typeof AddModelPictureBody>;

export const ModelPictureAltBody = Type.Object({ alt: Alt }, { additionalProperties: false });
export type ModelPictureAltBody = Static<typeof ModelPictureAltBody>;

export const ModelPictureOrderBody = Type.Object(
  {
    pictures: Type.Array(Id, {
      maxItems: MODEL_PICTURES_MAX,
      description: "Every one of the model's pictures, in the order the gallery shows them",
    }),
  },
  { additionalProperties: false },
);
export type ModelPictureOrderBody = Static<typeof ModelPictureOrderBody>;

export const ModelPictureParams = Type.Object({ id: Id, pictureId: Id });
export type ModelPictureParams = Static<typeof ModelPictureParams>;

/**
 * A model as the shop lists it (`GET /product?by=model`): its sizes that match the search, as
 * the spec's products, smallest rim first, then width and aspect.
 */
export const ModelCard = Type.Object(
  {
    _id: Id,
    brand: Type.String(),
    pattern: Type.String(),
    name: Type.String({ description: 'Brand and pattern as the shop writes them' }),
    category: ProductCategory,
    season: Type.Union([TyreSeason, Type.Null()]),
    img: Type.String({ description: "Its first picture's card size, else its first size's" }),
    sizes: Type.Array(Product, { description: 'Its sizes that match the search' }),
    priceFrom: Type.Number({ description: 'The lowest price of those sizes, in dollars' }),
  },
  { $id: 'ModelCard' },
);
export type ModelCard = Static<typeof ModelCard>;

/** The answer of `GET /product?by=model`: a page of models; `X-Total-Count` counts models. */
export const ModelCardList = Type.Array(ModelCard, {
  description: 'With by=model: the models with a product that matches, the page asked for',
});
export type ModelCardList = Static<typeof ModelCardList>;
