import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MODEL_PICTURES_MAX, type ModelPicture } from '../../contract/models';
import type { ModelCard, TyreModel } from '../../contract/models';
import type { Product } from '../../contract/products';
import { images, products, tyreModels } from '../src/db/schema';
import { deleteUnusedImages } from '../src/images/imageTable';
import { modelOfProduct } from '../src/models/modelKey';
import { runStoreDataMigrations } from '../src/storeDatabase';
import { withAdminAndTwoShoppers } from './accounts';
import { orderBody } from './fixtures';
import { bearer } from './identity';

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
    const model: TyreModel = (await get(`/api/product/${roadGrip._id}/model`)).json();
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
    const own: TyreModel = (await get(`/api/product/${filter._id}/model`)).json();
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
    const model: TyreModel = (await get(`/api/product/${size._id}/model`)).json();
    expect(model.name).toBe('RoadGrip Summer');
    expect(model.sizes.map((s) => s._id)).toContain(size._id);
    const part = (await add('Test Wiper Blade')).json() as Product;
    const partModel: TyreModel = (await get(`/api/product/${part._id}/model`)).json();
    expect(partModel.sizes).toHaveLength(1);
  });

  it('leaves a retired size out of its model, and answers 404 for a model none of is sold', async () => {
    const all = await catalogue();
    const part = all.find((p) => p.name === 'PureFlow Panel Air Filter')!;
    const model: TyreModel = (await get(`/api/product/${part._id}/model`)).json();
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

  it('prints the dry run of a store by its database address, writing nothing', async () => {
    const models = await accounts.t.db.$count(tyreModels);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/modelGroupingDryRun.ts', accounts.t.databaseUrl],
      { cwd: process.cwd() },
    );
    const report = (await get('/api/models/grouping', accounts.admin)).json();
    const roadGrip = report.groups.find(
      (g: { brand: string; pattern: string }) => `${g.brand} ${g.pattern}` === 'RoadGrip Summer',
    );
    expect(stdout).toContain(
      `RoadGrip Summer: ${roadGrip.names.length} sizes\n  RoadGrip Summer 205/55 R16 91V\n`,
    );
    expect(stdout).toContain(
      `${report.products} products → ${report.models} models: ${report.grouped.models} models ` +
        `of ${report.grouped.products} sizes, ${report.ownModels} products stay models of their ` +
        'own. Nothing was written.',
    );
    expect(await accounts.t.db.$count(tyreModels)).toBe(models);
  }, 60_000);

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

describe("a model's pictures", () => {
  const accounts = withAdminAndTwoShoppers();
  const { call } = accounts;
  let model: TyreModel;
  let other: TyreModel;

  beforeAll(async () => {
    const all: Product[] = (await call(null, 'GET', '/api/product')).json();
    const modelOf = async (name: string) =>
      (
        await call(null, 'GET', `/api/product/${all.find((p) => p.name === name)!._id}/model`)
      ).json() as TyreModel;
    model = await modelOf('Velocity Sport 225/45 R17 94Y XL');
    other = await modelOf('FlowGuard Spin-On Oil Filter');
  });

  /** A picture uploaded by the admin: its address on this store. */
  async function upload(): Promise<string> {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const boundary = 'modeltest' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="tread.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload,
      headers: {
        ...bearer(accounts.tokens[accounts.admin]!),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.url;
  }

  const pictures = (path = '') => `/api/models/${model._id}/pictures${path}`;
  const add = (body: object) => call(accounts.admin, 'POST', pictures(), body);

  it('adds pictures in gallery order, served in the card and gallery sizes', async () => {
    const uploaded = await upload();
    const first = await add({ url: uploaded, alt: 'The tread from the front' });
    expect(first.statusCode).toBe(200);
    const size = model.sizes[1]!;
    const gallery: ModelPicture[] = (
      await add({ url: '/images/products/summer-tyre.svg', alt: 'Sidewall', productId: size._id })
    ).json();
    expect(gallery).toEqual([
      {
        _id: expect.any(String),
        url: uploaded,
        alt: 'The tread from the front',
        productId: null,
        cardUrl: `${uploaded}/card`,
        detailsUrl: `${uploaded}/details`,
      },
      {
        _id: expect.any(String),
        url: '/images/products/summer-tyre.svg',
        alt: 'Sidewall',
        productId: size._id,
        cardUrl: '/images/products/summer-tyre.svg',
        detailsUrl: '/images/products/summer-tyre.svg',
      },
    ]);
    const shown: TyreModel = (await call(null, 'GET', `/api/models/${model._id}`)).json();
    expect(shown.pictures).toEqual(gallery);
    expect(shown.img).toBe(`${uploaded}/card`);
    const card = await accounts.t.app.inject({ url: `${uploaded}/card` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');
    // The unused-picture sweep keeps a picture a model shows.
    await accounts.t.db.update(images).set({ createdAt: sql`now() - interval '2 hours'` });
    await deleteUnusedImages(accounts.t.db, 3600);
    expect((await accounts.t.app.inject({ url: `${uploaded}/card` })).statusCode).toBe(200);
  });

  it('reorders, renames and removes, keeping the gallery whole', async () => {
    const before: ModelPicture[] = (
      await add({ url: '/images/products/winter-tyre.svg', alt: 'Snow' })
    ).json();
    const reversed = before.map((p) => p._id).reverse();
    const reordered = await call(accounts.admin, 'PUT', pictures('/order'), { pictures: reversed });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().map((p: ModelPicture) => p._id)).toEqual(reversed);
    const partial = await call(accounts.admin, 'PUT', pictures('/order'), {
      pictures: reversed.slice(1),
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(
      "The new order must name every one of the model's pictures once: reload the page and try again.",
    );
    const twice = await call(accounts.admin, 'PUT', pictures('/order'), {
      pictures: [reversed[0], reversed[0], reversed[1]],
    });
    expect(twice.statusCode).toBe(400);

    const renamed = await call(accounts.admin, 'PATCH', pictures(`/${reversed[0]}`), {
      alt: '  Deep winter sipes ',
    });
    expect(renamed.json()[0].alt).toBe('Deep winter sipes');
    const removed = await call(accounts.admin, 'DELETE', pictures(`/${reversed[1]}`));
    expect(removed.json().map((p: ModelPicture) => p._id)).toEqual([reversed[0], reversed[2]]);
    // Added after a removal, a picture goes last.
    const again: ModelPicture[] = (
      await add({ url: '/images/products/summer-tyre.svg', alt: 'Again' })
    ).json();
    expect(again.map((p) => p.alt)).toEqual(['Deep winter sipes', before[0]!.alt, 'Again']);
    const missing = await call(accounts.admin, 'DELETE', pictures(`/${reversed[1]}`));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This model has no picture with this id.');
  });

  it("shows the gallery's first picture on the shop's card of the model, as the gallery changes", async () => {
    const cardImg = async () => {
      const cards: ModelCard[] = (
        await call(null, 'GET', '/api/product?by=model&q=velocity%20sport&limit=50')
      ).json();
      return cards.find((card) => card._id === model._id)!.img;
    };
    const gallery = async (): Promise<ModelPicture[]> =>
      (await call(null, 'GET', `/api/models/${model._id}`)).json().pictures;
    const before = await gallery();
    expect(before.length).toBeGreaterThan(1);
    expect(await cardImg()).toBe(before[0]!.cardUrl);
    // Kept from the first read, then read again when the gallery changes.
    const reversed = before.map((p) => p._id).reverse();
    await call(accounts.admin, 'PUT', pictures('/order'), { pictures: reversed });
    const firstNow = before.find((p) => p._id === reversed[0])!;
    expect(await cardImg()).toBe(firstNow.cardUrl);
    for (const picture of reversed) await call(accounts.admin, 'DELETE', pictures(`/${picture}`));
    // No picture: the first size's own.
    const shown: TyreModel = (await call(null, 'GET', `/api/models/${model._id}`)).json();
    expect(shown.pictures).toEqual([]);
    expect(await cardImg()).toBe(shown.sizes[0]!.img);
  });

  it('refuses pictures of other sites, sizes of another model, shoppers and strangers', async () => {
    const elsewhere = await add({ url: 'https://example.com/tyre.png', alt: 'x' });
    expect(elsewhere.statusCode).toBe(400);
    const otherSize = await add({
      url: '/images/products/summer-tyre.svg',
      alt: 'x',
      productId: other.sizes[0]!._id,
    });
    expect(otherSize.statusCode).toBe(400);
    expect(otherSize.json()).toMatchObject({ field: 'productId' });
    expect((await add({ url: '/images/products/summer-tyre.svg', alt: ' ' })).statusCode).toBe(400);
    const body = { url: '/images/products/summer-tyre.svg', alt: 'x' };
    expect((await call(accounts.alice, 'POST', pictures(), body)).statusCode).toBe(403);
    expect((await call(null, 'POST', pictures(), body)).statusCode).toBe(401);
    const nowhere = await call(
      accounts.admin,
      'POST',
      `/api/models/${randomUUID()}/pictures`,
      body,
    );
    expect(nowhere.statusCode).toBe(404);
  });

  it(`takes at most ${MODEL_PICTURES_MAX} pictures a model`, async () => {
    const path = `/api/models/${other._id}/pictures`;
    const body = { url: '/images/products/summer-tyre.svg', alt: 'Filter' };
    for (let i = 0; i < MODEL_PICTURES_MAX; i += 1) {
      expect((await call(accounts.admin, 'POST', path, body)).statusCode).toBe(200);
    }
    const over = await call(accounts.admin, 'POST', path, body);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `A model has at most ${MODEL_PICTURES_MAX} pictures: remove one before adding another.`,
    );
  });
});
