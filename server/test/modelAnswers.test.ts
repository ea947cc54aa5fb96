import { eq, sql } from 'drizzle-orm';
import type { ModelCard, TyreModel } from '../../contract/models';
import type { Product } from '../../contract/products';
import { products } from '../src/db/schema';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './testApp';

/**
 * A model's answer (`GET /api/models/{id}`) is kept in memory beside the catalogue (issue 51):
 * changes made by another process (here: straight in the database) reach it by the
 * notifications alone. The shop's model cards take their models' fields and first pictures
 * from the same kept heads.
 */
describe("a model's answer, kept, and the shop's model cards", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };
  const roadGrip = async () => {
    const all = await get<Product[]>('/api/product');
    const size = all.find((p) => p.name.startsWith('RoadGrip Summer '))!;
    return get<TyreModel>(`/api/product/${size._id}/model`);
  };
  const cardOf = async (id: string) =>
    (await get<ModelCard[]>('/api/product?by=model&q=roadgrip%20summer')).find((c) => c._id === id);

  it("follows its sizes' prices and stock, its gallery and new sizes as the database announces them", async () => {
    const model = await roadGrip();
    expect(await get(`/api/models/${model._id}`)).toEqual(model);
    const size = model.sizes[2]!;

    // A price changed elsewhere (U:): the size and "from" follow.
    await t.db
      .update(products)
      .set({ priceCents: 1999, version: sql`${products.version} + 1` })
      .where(eq(products.id, size._id));
    const priced = async () => (await get<TyreModel>(`/api/models/${model._id}`)).priceFrom;
    expect(await eventually(priced, 19.99)).toBe(19.99);

    // Stock alone (S:).
    await t.db.update(products).set({ availableQuantity: 3 }).where(eq(products.id, size._id));
    const stock = async () =>
      (await get<TyreModel>(`/api/models/${model._id}`)).sizes[2]!.availablequantity;
    expect(await eventually(stock, 3)).toBe(3);

    // A picture (G:): the gallery and the model's picture, and the shop's card.
    await t.db.execute(sql`insert into model_pictures (model_id, url, alt, position)
      values (${model._id}, '/images/products/winter-tyre.svg', 'The tread', 0)`);
    const picture = async () => (await get<TyreModel>(`/api/models/${model._id}`)).img;
    expect(await eventually(picture, '/images/products/winter-tyre.svg')).toBe(
      '/images/products/winter-tyre.svg',
    );
    expect((await cardOf(model._id))!.img).toBe('/images/products/winter-tyre.svg');

    // Retired elsewhere (U:): left out of the sizes.
    await t.db
      .update(products)
      .set({ status: 'retired', version: sql`${products.version} + 1` })
      .where(eq(products.id, size._id));
    const sizes = async () => (await get<TyreModel>(`/api/models/${model._id}`)).sizes.length;
    expect(await eventually(sizes, model.sizes.length - 1)).toBe(model.sizes.length - 1);

    // Every field as the database answers it once the changes are heard.
    const kept = await get<TyreModel>(`/api/models/${model._id}`);
    expect(kept.sizes.map((s) => s._id)).toEqual(
      model.sizes.filter((s) => s._id !== size._id).map((s) => s._id),
    );
    for (const one of kept.sizes) {
      expect(one).toEqual(await get(`/api/productDetails/${one._id}`));
    }
  });

  it("shows a card's first picture in gallery order, else its first size's", async () => {
    const model = await roadGrip();
    await t.db.execute(sql`delete from model_pictures where model_id = ${model._id}`);
    const noPicture = async () => (await cardOf(model._id))!.img;
    const first = (await cardOf(model._id))!;
    // The removal is heard (G:), and the card shows its first size's picture.
    expect(await eventually(noPicture, first.sizes[0]!.img)).toBe(first.sizes[0]!.img);
    await t.db.execute(sql`insert into model_pictures (model_id, url, alt, position) values
      (${model._id}, '/images/products/summer-tyre.svg', 'Second', 2),
      (${model._id}, '/images/products/performance-tyre.svg', 'First', 1)`);
    expect(await eventually(noPicture, '/images/products/performance-tyre.svg')).toBe(
      '/images/products/performance-tyre.svg',
    );
  });
});
