import { Type, type Static } from '@sinclair/typebox';
import { Product } from './products';

/**
 * Tyre sets for a staggered car (issue 50): front and rear tyres offered as one set, two of
 * each, the same model where the catalogue has it in both sizes, priced as the sum of its lines.
 */

export const TyreSetLine = Type.Object({
  axle: Type.Union([Type.Literal('front'), Type.Literal('rear')]),
  quantity: Type.Integer({ minimum: 1, examples: [2] }),
  product: Product,
});
export type TyreSetLine = Static<typeof TyreSetLine>;

export const TyreSet = Type.Object(
  {
    title: Type.String({ examples: ['2 × 245/40 R18 front + 2 × 275/35 R18 rear'] }),
    model: Type.Union([Type.String(), Type.Null()], {
      description: 'The model (brand and pattern) when both axles have the same one',
    }),
    oeMark: Type.Union([Type.String(), Type.Null()], {
      description: "The car's OE mark when every tyre of the set carries it",
    }),
    lines: Type.Array(TyreSetLine),
    price: Type.Number({ description: 'The sum of its lines in dollars, now' }),
  },
  { $id: 'TyreSet' },
);
export type TyreSet = Static<typeof TyreSet>;

export const TyreSets = Type.Array(TyreSet, {
  description:
    'OE-marked sets first, then sets of one model, then by price; none for a car with the same size all round',
});
export type TyreSets = Static<typeof TyreSets>;
