import { randomUUID } from 'node:crypto';
import { MODELS_OF_MAX, type ModelOfProduct } from '../../contract/models';
import type { Product } from '../../contract/products';
import { withAdminAndTwoShoppers } from './accounts';

/** `GET /api/models/of?ids=`: the shop cards' link to their model page (issue 51). */
describe('the models of a page of products', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call } = accounts;
  const get = (url: string) => call(null, 'GET', url);

  it('names each product’s model and its sizes on sale, leaving out what is not sold', async () => {
    const all: Product[] = (await get('/api/product')).json();
    const sizeOf = (name: string) => all.find((product) => product.name === name)!;
    const roadGrip = sizeOf('RoadGrip Summer 205/55 R16 91V');
    const otherRoadGrip = sizeOf('RoadGrip Summer 225/40 R19 89Y');
    const filter = sizeOf('FlowGuard Spin-On Oil Filter');
    const ids = [roadGrip._id, otherRoadGrip._id, filter._id, randomUUID(), 'not-an-id'];

    const answer = await get(`/api/models/of?ids=${ids.join(',')}`);
    expect(answer.statusCode).toBe(200);
    const models: ModelOfProduct[] = answer.json();
    const byProduct = Object.fromEntries(models.map((model) => [model.productId, model]));
    expect(Object.keys(byProduct).sort()).toEqual(
      [roadGrip._id, otherRoadGrip._id, filter._id].sort(),
    );
    const roadGripModel = (await get(`/api/product/${roadGrip._id}/model`)).json();
    expect(byProduct[roadGrip._id]).toEqual({
      productId: roadGrip._id,
      modelId: roadGripModel._id,
      name: 'RoadGrip Summer',
      sizes: roadGripModel.sizes.length,
    });
    expect(byProduct[otherRoadGrip._id]!.modelId).toBe(roadGripModel._id);
    expect(byProduct[filter._id]).toMatchObject({ name: 'FlowGuard Spin-On Oil Filter', sizes: 1 });

    // A retired size leaves the answer, and its model counts one size fewer.
    await call(accounts.admin, 'POST', `/api/product/${otherRoadGrip._id}/retire`, {});
    const after: ModelOfProduct[] = (await get(`/api/models/of?ids=${ids.join(',')}`)).json();
    expect(after.map((model) => model.productId).sort()).toEqual([roadGrip._id, filter._id].sort());
    expect(after.find((model) => model.productId === roadGrip._id)!.sizes).toBe(
      roadGripModel.sizes.length - 1,
    );
    await call(accounts.admin, 'POST', `/api/product/${otherRoadGrip._id}/restore`, {});
  });

  it(`answers none for no ids, and refuses more than ${MODELS_OF_MAX} in words`, async () => {
    expect((await get('/api/models/of?ids=')).json()).toEqual([]);
    const many = Array.from({ length: MODELS_OF_MAX + 1 }, () => randomUUID()).join(',');
    const refused = await get(`/api/models/of?ids=${many}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Ask for the models of at most ${MODELS_OF_MAX} products at a time.`,
    );
    expect((await get('/api/models/of')).statusCode).toBe(400);
  });
});
