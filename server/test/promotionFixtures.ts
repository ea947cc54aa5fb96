import { insertProducts } from '../src/catalog/productTable';
import type { PromotionBody } from '../../contract/promotions';
import type { SignedInCall } from './calls';
import type { TestApp } from './testApp';

/** What the promotion tests share: products of a brand of their own, and promotions made by the admin. */

/** A winter tyre and a part of a brand of this test alone, at their own euro prices. */
export async function ownBrandProducts(
  t: TestApp,
  call: SignedInCall,
  admin: string,
  euros = { tyre: 10000, part: 2000 },
) {
  const brand = `Zeta${Math.random().toString(36).slice(2, 8)}`;
  const [tyre, part] = await insertProducts(t.db, [
    {
      name: `${brand} Winter 205/55 R16 91H`,
      description: 'A winter tyre made for a test',
      priceCents: 10000,
      orderQuantity: 0,
      availableQuantity: 200,
      img: '/images/products/winter-tyre.svg',
    },
    {
      name: `${brand} Wiper blade`,
      description: 'A part made for a test',
      priceCents: 2000,
      orderQuantity: 0,
      availableQuantity: 200,
      img: '/images/products/summer-tyre.svg',
    },
  ]);
  for (const [id, minor] of [
    [tyre!.id, euros.tyre],
    [part!.id, euros.part],
  ] as const) {
    expect((await call(admin, 'PUT', `/api/markets/DE/prices/${id}`, { minor })).statusCode).toBe(
      204,
    );
  }
  return { brand, tyre: tyre!, part: part! };
}

/** A promotion's body as the tests write it: what they leave out, promotionCreator fills in. */
export type PromotionDraft = Partial<PromotionBody> & Pick<PromotionBody, 'kind' | 'name'>;

/** A day ago, as a promotion's local start: running whatever the zone. */
export const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);

/** Creates promotions as the admin: for everything, from yesterday, unless the body says. */
export function promotionCreator(call: SignedInCall, admin: string) {
  return async (body: PromotionDraft) => {
    const res = await call(admin, 'POST', '/api/promotions', {
      target: 'all',
      starts: yesterday(),
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string; code: string | null };
  };
}

/** A promotion code of this test's brand alone: `prefix` and the brand's own letters. */
export const brandCode = (prefix: string, brand: string) =>
  `${prefix}${brand.slice(4).toUpperCase()}`;

/** A promotion of the brand's products alone. */
export const onBrand = (brand: string, body: PromotionDraft): PromotionDraft => ({
  ...body,
  target: 'brand',
  targetValues: [brand],
});

/** The body of 4 for 3 on the brand's tyres. */
export const fourForThreeOn = (brand: string): PromotionDraft => ({
  name: '4 for 3 on winter tyres',
  kind: 'buyNPayM',
  buy: 4,
  pay: 3,
  target: 'brand',
  targetValues: [brand],
});

/** The body of a 10 % code that can be used once. */
export const oneUseCode = (name: string, code: string): PromotionDraft => ({
  name,
  kind: 'percentOff',
  percent: 10,
  code,
  maxUses: 1,
});
