import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TyreModel } from '../../contract/models';
import type { Product } from '../../contract/products';
import { products, tyreModels } from '../src/db/schema';
import { modelOfProduct } from '../src/models/modelKey';
import { runStoreDataMigrations } from '../src/storeDatabase';
import { withAdminAndTwoShoppers } from './accounts';
import { orderBody } from './fixtures';

const tyre = { id: 'a', description: '', category: 'tyre', season: null } as const;

describe('which products are sizes of one model', () => {
  it('groups tyres by the words before the size, in any case or spacing', () => {
    const a = modelOfProduct({ ...tyre, name: 'Velocity Sport 225/45 R17 94Y XL' });
    const b = modelOfProduct({ ...tyre, id: 'b', name: 'velocity  SPORT 245/40ZR18 97Y' });
    expect(a.key).toBe(b.key);
    expect(a).toMatchObject({ brand: 'Velocity', pattern: 'Sport' });
    expect(modelOfProduct({ ...tyre, name: 'Velocity Sport UHP 225/40 R18' }).key).not.toBe(a.key);
  });

  it('keeps a part, a wheel and a tyre whose name has no model as models of their own', () => {
    const part = { ...tyre, category: 'part', name: 'FlowGuard Spin-On Oil Filter' } as const;
    expect(modelOfProduct(part)).toMatchObject({
      key: 'own:a',
      brand: 'FlowGuard',
      pattern: 'Spin-On Oil Filter',
    });
    expect(modelOfProduct({ ...tyre, name: '205/55 R16 91V' }).key).toBe('own:a');
    expect(modelOfProduct({ ...tyre, name: 'Winter tyre, ask us' }).key).toBe('own:a');
    // A wheel's `17x7.5` is no tyre size, and a wheel is never grouped by the tyre rule.
    expect(
      modelOfProduct({ ...tyre, category: 'wheel', name: 'Forge5 Alloy Wheel 205/55 R16' }).key,
    ).toBe('own:a');
  });
});

describe('tyre models', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call } = accounts;
  const get = (url: string, email: string | null = null) => call(email, 'GET', url);
  const catalogue = async (): Promise<Product[]> => (await get('/api/product')).json();

  it('makes every seeded product a size of one model, tyres of one brand and pattern together', async () => {
    const { db } = accounts.t;
    const ungrouped = await db.$count(products, sql`${products.modelId} is null`);
    expect(ungrouped).toBe(0);
    const all = await catalogue();
    const roadGrip = all.find((p) => p.name === 'RoadGrip Summer 205/55 R16 91V')!;
    const model: TyreModel = (await get(`/api/models/by-product/${roadGrip._id}`)).json();
    expect(model).toMatchObject({
      brand: 'RoadGrip',
      pattern: 'Summer',
      name: 'RoadGrip Summer',
      category: 'tyre',
      season: 'summer',
      description: roadGrip.description,
    });
    const roadGripSizes = all.filter((p) => p.name.startsWith('RoadGrip Summer '));
    expect(model.sizes.map((s) => s._id).sort()).toEqual(roadGripSizes.map((p) => p._id).sort());
    // Smallest rim first, then width and aspect.
    expect(model.sizes.map((s) => `${s.width}/${s.aspect} R${s.rim}`)).toEqual([
      '165/70 R14',
      '185/65 R15',
      '205/55 R16',
      '215/65 R16',
      '215/55 R17',
      '225/55 R17',
      '225/40 R19',
    ]);
    expect(model.priceFrom).toBe(Math.min(...roadGripSizes.map((p) => p.price)));
    // Each size as the spec's product call answers it.
    for (const size of model.sizes) {
      expect(size).toEqual((await get(`/api/productDetails/${size._id}`)).json());
    }
    const filter = all.find((p) => p.name === 'FlowGuard Spin-On Oil Filter')!;
    const own: TyreModel = (await get(`/api/models/by-product/${filter._id}`)).json();
    expect(own.sizes.map((s) => s._id)).toEqual([filter._id]);
    expect(await get(`/api/models/${own._id}`).then((r) => r.json())).toEqual(own);
  });

  it('adds a new size to its model and a new part as a model of its own', async () => {
    const add = (name: string) =>
      call(accounts.admin, 'POST', '/api/product', {
        name,
        description: 'Added by a test',
        price: 77.5,
        orderquantity: 1,
        availablequantity: 8,
        img: '/images/products/summer-tyre.svg',
      });
    const size = (await add('roadgrip summer 195/65 R15 91H')).json() as Product;
    const model: TyreModel = (await get(`/api/models/by-product/${size._id}`)).json();
    expect(model.name).toBe('RoadGrip Summer');
    expect(model.sizes.map((s) => s._id)).toContain(size._id);
    const part = (await add('Test Wiper Blade')).json() as Product;
    const partModel: TyreModel = (await get(`/api/models/by-product/${part._id}`)).json();
    expect(partModel.sizes).toHaveLength(1);
  });

  it('leaves a retired size out of its model, and answers 404 for a model none of is sold', async () => {
    const all = await catalogue();
    const part = all.find((p) => p.name === 'PureFlow Panel Air Filter')!;
    const model: TyreModel = (await get(`/api/models/by-product/${part._id}`)).json();
    const retired = await call(accounts.admin, 'POST', `/api/product/${part._id}/retire`, {});
    expect(retired.statusCode).toBe(200);
    const gone = await get(`/api/models/${model._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('No tyre model with this id is sold in the shop.');
    expect((await get(`/api/models/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/models/not-an-id')).statusCode).toBe(400);
    await call(accounts.admin, 'POST', `/api/product/${part._id}/restore`, {});
  });

  it('lets only the catalogue staff see the dry run', async () => {
    expect((await get('/api/models/grouping')).statusCode).toBe(401);
    expect((await get('/api/models/grouping', accounts.alice)).statusCode).toBe(403);
  });

  it('groups an old store on upgrade as its dry run said, every spec answer and order kept', async () => {
    const { db } = accounts.t;
    // An order placed before the upgrade.
    const all = await catalogue();
    const ordered = all.find((p) => p.name.startsWith('Alpine Winter'))!;
    const order = await call(accounts.bob, 'POST', '/api/order', {
      ...orderBody(ordered._id, 2),
      email: accounts.bob,
    });
    expect(order.statusCode).toBe(201);
    // The store as it was before models: no model, the data migration not run.
    await db.execute(sql`update products set model_id = null`);
    await db.delete(tyreModels);
    await db.execute(sql`delete from data_migrations where name = 'tyre-models-from-names'`);

    const answers = async () => ({
      list: (await get('/api/product')).body,
      details: await Promise.all(
        all.map(async (p) => (await get(`/api/productDetails/${p._id}`)).body),
      ),
      page: (await get('/api/product?limit=5&offset=3')).body,
      search: (await get('/api/product?q=winter&width=225')).body,
      facets: (await get('/api/product/facets?season=winter')).body,
      csv: (await get('/api/product/export.csv', accounts.admin)).body,
      orders: (await get('/api/order', accounts.bob)).body,
    });
    const before = await answers();
    const dryRun = await get('/api/models/grouping', accounts.admin);
    expect(dryRun.statusCode).toBe(200);
    const report = dryRun.json();
    // The dry run wrote nothing.
    expect(await db.$count(tyreModels)).toBe(0);

    await runStoreDataMigrations(db);

    expect(await db.$count(products, sql`${products.modelId} is null`)).toBe(0);
    expect(await db.$count(tyreModels)).toBe(report.models);
    expect(report.products).toBe(await db.$count(products));
    const after = await answers();
    expect(after).toEqual(before);
    // Each grouped model of the report is one model holding exactly the products it named.
    const rows = (await db.execute(
      sql`select array_agg(p.name order by p.name) as names from products p
          group by p.model_id having count(*) > 1`,
    )) as unknown as { rows: Array<{ names: string[] }> };
    const stored = rows.rows.map((r) => r.names.join(' | ')).sort();
    const planned = report.groups.map((g: { names: string[] }) => g.names.sort().join(' | '));
    expect(stored).toEqual(planned.sort());
    expect(
      report.groups.map((g: { brand: string; pattern: string }) => `${g.brand} ${g.pattern}`),
    ).toEqual(expect.arrayContaining(['RoadGrip Summer', 'Alpine Winter', 'TrailMaster 4Season']));
    // Run again, it finds nothing left to group.
    await db.execute(sql`delete from data_migrations where name = 'tyre-models-from-names'`);
    await runStoreDataMigrations(db);
    expect(await db.$count(tyreModels)).toBe(report.models);
  });
});
