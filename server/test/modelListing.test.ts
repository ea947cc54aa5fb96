import type { Counting } from '../src/catalog/facetCounting';
import { filterOf } from '../src/catalog/productFilter';
import { facetsFromDatabase, searchModels } from '../src/catalog/productSearchSql';
import { insertProducts, toProduct, type NewProduct } from '../src/catalog/productTable';
import { SearchIndex } from '../src/catalog/searchIndex';
import { PRODUCT_SORTS, type ProductSort } from '../../contract/catalogTerms';
import type { ModelCard } from '../../contract/models';
import type { Product, ProductFacetsQuery } from '../../contract/products';
import { withAdminAndTwoShoppers } from './accounts';
import { productRowsInOrder, seeded, type Seeded } from './seeded';
import { startTestApp, type TestApp } from './testApp';

/** Tyres of a dozen models (their names share brand and pattern), and some wheels and parts. */
function groupedCatalogue(size: number, { random, pick }: Seeded): NewProduct[] {
  return Array.from({ length: size }, (_, n) => {
    const kind = pick(['tyre', 'tyre', 'tyre', 'wheel', 'part'] as const);
    const base = {
      description: `${pick(['grip', 'road', 'quiet'])} described`,
      priceCents: pick([4500, 6000, 6000, 8999, 12000, 25000]),
      orderQuantity: 1,
      availableQuantity: pick([0, 1, 2, 30]),
      img: '/images/products/summer-tyre.svg',
    };
    if (kind !== 'tyre') {
      return {
        ...base,
        name: `${pick(['Steel', 'Alloy', 'Brake'])} ${kind} ${n}`,
        attributes: {
          category: kind,
          width: null,
          aspect: null,
          rim: null,
          season: null,
          loadIndex: null,
          speedRating: null,
        },
      };
    }
    const [width, aspect, rim] = [pick([185, 205, 225]), pick([45, 55]), pick([16, 17])];
    const product: NewProduct = {
      ...base,
      name: `${pick(['Nordic', 'Velocity', 'Alpine'])} ${pick(['Grip', 'Sport', 'Eco', 'Max'])} ${width}/${aspect} R${rim} 91V`,
      attributes: {
        category: 'tyre',
        width,
        aspect,
        rim,
        season: pick(['summer', 'winter', 'all-season'] as const),
        loadIndex: 91,
        speedRating: 'V',
      },
    };
    if (random() < 0.8) {
      product.euLabel = {
        fuel: pick(['A', 'B', 'C', 'E'] as const),
        wetGrip: pick(['A', 'B', 'D'] as const),
        noiseDb: pick([67, 68, 70, 71, 74]),
        noiseClass: pick(['A', 'B', 'C'] as const),
        snow: random() < 0.4,
        ice: false,
        eprel: null,
      };
    }
    return product;
  });
}

describe('facets and model lists of the index, as the database answers them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  it('counts the same products whichever way the index counts, and the same models', async () => {
    const draw = seeded(51);
    const { pick, some } = draw;
    await insertProducts(t.db, groupedCatalogue(300, draw));
    const rows = await productRowsInOrder(t);
    const list = rows.map(toProduct);
    const modelOf = new Map(rows.map((row) => [row.id, row.modelId!]));
    const ways: Counting[] = ['cheaper', 'walk', 'sets'];
    const indexes = ways.map((way) => SearchIndex.build(list, way));
    const models = indexes[0]!.modelsOf((id) => modelOf.get(id)!);
    expect(new Set(modelOf.values()).size).toBeLessThan(200);
    for (let run = 0; run < 80; run += 1) {
      // From half way, the model marks kept between searches come to their limit before each
      // search and start again, the list still holding a mark an earlier count left (1, the
      // first mark again).
      if (run >= 40) {
        models.numbers.mark = 2 ** 30 + 1;
        models.numbers.seen.fill(1);
      }
      const query: ProductFacetsQuery = {
        q: pick(['', '', 'nordic', 'sport', 'grip 205', 'road', 'velocity max', 'alpyne']),
        category: some(['tyre', 'wheel', 'part'] as const),
        season: some(['summer', 'winter', 'all-season'] as const),
        width: some([185, 205]),
        rim: some([16, 17]),
        minPrice: pick([undefined, 50]),
        maxPrice: pick([undefined, 120]),
        inStock: pick([undefined, true]),
        fuel: pick([undefined, undefined, 'A', 'B', 'D'] as const),
        wetGrip: pick([undefined, 'A', 'C'] as const),
        maxNoise: pick([undefined, undefined, 68, 69, 74]),
        snow: pick([undefined, undefined, true]),
      };
      const filter = filterOf(query);
      const context = JSON.stringify(query);
      const fromDb = await facetsFromDatabase(t.db, filter);
      for (const [i, index] of indexes.entries()) {
        expect({ context, way: ways[i], facets: index.facets(filter) }).toEqual({
          context,
          way: ways[i],
          facets: fromDb,
        });
      }
      expect({ context, models: indexes[0]!.facets(filter, models) }).toEqual({
        context,
        models: await facetsFromDatabase(t.db, filter, true),
      });
      const sort: ProductSort = pick(PRODUCT_SORTS);
      const offset = pick([0, 3]);
      const hits = indexes[0]!.searchModels(filter, sort, 5, offset, models);
      const found = await searchModels(t.db, filter, sort, { limit: 5, offset });
      expect({ context, sort, total: hits.total }).toEqual({ context, sort, total: found.total });
      expect({
        context,
        sort,
        models: hits.models.map((m) => ({ id: m.id, sizes: m.positions.map((at) => list[at]!) })),
      }).toEqual({
        context,
        sort,
        models: found.models.map((m) => ({ id: m.id, sizes: m.products })),
      });
    }
  });
});

describe('the shop listing models', () => {
  const accounts = withAdminAndTwoShoppers();
  const get = (url: string, email: string | null = null) => accounts.call(email, 'GET', url);
  const sizeOf = (p: Product) => `${p.width}/${p.aspect} R${p.rim}`;

  it('lists each model once with its sizes that match, and counts models', async () => {
    const all: Product[] = (await get('/api/product')).json();
    const roadGrip = all.filter((p) => p.name.startsWith('RoadGrip Summer '));
    const res = await get('/api/product?by=model&q=roadgrip%20summer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    const [card, ...others] = res.json() as ModelCard[];
    expect(others).toEqual([]);
    expect(card).toMatchObject({ name: 'RoadGrip Summer', category: 'tyre', season: 'summer' });
    expect(card!.sizes.map((s) => s._id).sort()).toEqual(roadGrip.map((p) => p._id).sort());
    expect(card!.sizes.map(sizeOf)[0]).toBe('165/70 R14');
    expect(card!.priceFrom).toBe(Math.min(...roadGrip.map((p) => p.price)));
    // The model's page is the model call's.
    expect((await get(`/api/models/${card!._id}`)).statusCode).toBe(200);

    // A size: each model with its sizes of that size only.
    const sized = await get('/api/product?by=model&width=205&aspect=55&rim=16&limit=50');
    const cards = sized.json() as ModelCard[];
    const ofSize = all.filter((p) => sizeOf(p) === '205/55 R16');
    expect(cards.flatMap((c) => c.sizes.map((s) => s._id)).sort()).toEqual(
      ofSize.map((p) => p._id).sort(),
    );
    expect(Number(sized.headers['x-total-count'])).toBe(cards.length);
    expect(new Set(cards.map((c) => c._id)).size).toBe(cards.length);

    // The facets count models: one model, however many of its sizes match.
    const byModel = (await get('/api/product/facets?by=model&q=roadgrip%20summer')).json();
    const bySize = (await get('/api/product/facets?q=roadgrip%20summer')).json();
    expect(byModel.category).toContainEqual({ value: 'tyre', count: 1 });
    expect(bySize.category).toContainEqual({ value: 'tyre', count: roadGrip.length });
    expect(byModel.price).toEqual(bySize.price);
  });

  it('keeps the spec list for by=size, and lists models of the shop only', async () => {
    const spec = await get('/api/product');
    const bySize = await get('/api/product?by=size');
    expect(bySize.body).toBe(spec.body);
    expect(bySize.headers.etag).toBe(spec.headers.etag);
    const retired = await get('/api/product?by=model&status=retired', accounts.admin);
    expect(retired.statusCode).toBe(400);
    expect(retired.json().message).toBe(
      "Models list the shop's products only: leave status out with by=model.",
    );
    expect((await get('/api/product?by=sizes')).statusCode).toBe(400);
  });
});
