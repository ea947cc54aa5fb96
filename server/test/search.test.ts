import type { ProductAttributes } from '../src/catalog/productAttributes';
import { filterOf } from '../src/catalog/productFilter';
import { facetsFromDatabase, searchProducts } from '../src/catalog/productSearchSql';
import { insertProducts, toProduct, type NewProduct } from '../src/catalog/productTable';
import { SearchIndex } from '../src/catalog/searchIndex';
import { NO_SYNONYMS, synonymsOf } from '../src/catalog/searchSynonyms';
import { PART_ATTRIBUTES, PRODUCT_SORTS, type ProductSort } from '../../contract/catalogTerms';
import type { Product, ProductFacetsQuery } from '../../contract/products';
import { eventually } from './eventually';
import { orderBody } from './fixtures';
import { appToken, bearer, uniqueEmail } from './identity';
import { productRowsInOrder, seeded, type Seeded } from './seeded';
import { startTestApp, type TestApp } from './testApp';
import { NO_MARKS } from '../../contract/tyreMarks';

const part = PART_ATTRIBUTES;

const tyre = (
  width: number,
  aspect: number,
  rim: number,
  season: ProductAttributes['season'],
): ProductAttributes => ({
  category: 'tyre',
  width,
  aspect,
  rim,
  season,
  loadIndex: 91,
  speedRating: 'V',
});

const item = (
  name: string,
  dollars: number,
  attributes: ProductAttributes,
  stock = 20,
  description = 'A product of the search tests',
): NewProduct => ({
  name,
  description,
  priceCents: Math.round(dollars * 100),
  orderQuantity: 1,
  availableQuantity: stock,
  img: '/images/products/summer-tyre.svg',
  attributes,
});

/** A small catalogue whose answers can be told by hand, oldest first. */
const CATALOGUE: NewProduct[] = [
  item('Nordic Grip 205/55 R16 91H', 95, tyre(205, 55, 16, 'winter')),
  item('Nordic Grip 205/55 R16 94H XL', 105, tyre(205, 55, 16, 'winter'), 1),
  item('Allwetter Pro 205/55 R16', 88, tyre(205, 55, 16, 'all-season')),
  item('Sommer Sport 225/45 R17', 120, tyre(225, 45, 17, 'summer')),
  item('Pneumático Inverno 195/65 R15', 70, tyre(195, 65, 15, 'winter'), 0),
  item('Steel Wheel 16 inch', 60, { ...part, category: 'wheel' }),
  item('Ceramic Brake Pads', 45, part, 20, 'Quiet pads for winter driving'),
  item('Brake Disc Pair', 80, part),
];

describe('catalogue search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
    for (const product of CATALOGUE) await insertProducts(t.db, [product]);
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/product?${query}` });
  const names = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ name: string }>).map((p) => p.name);
  };
  const facets = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/facets?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers a page of matches, newest first, with the count of all of them', async () => {
    const res = await get('category=tyre&limit=2');
    expect(res.json().map((p: { name: string }) => p.name)).toEqual([
      'Pneumático Inverno 195/65 R15',
      'Sommer Sport 225/45 R17',
    ]);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.headers.etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/product?category=tyre&limit=2',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(await names('category=tyre&limit=2&offset=4')).toEqual(['Nordic Grip 205/55 R16 91H']);
    expect(await names('category=tyre&offset=40')).toEqual([]);
  });

  it('keeps the spec list, oldest first, without search parameters', async () => {
    expect((await names('')).slice(0, 2)).toEqual([
      'Nordic Grip 205/55 R16 91H',
      'Nordic Grip 205/55 R16 94H XL',
    ]);
    expect(await names('limit=1')).toEqual(['Nordic Grip 205/55 R16 91H']);
  });

  it('filters by size, season (either of several), price and stock', async () => {
    expect(await names('width=205&aspect=55&rim=16&season=winter')).toEqual([
      'Nordic Grip 205/55 R16 94H XL',
      'Nordic Grip 205/55 R16 91H',
    ]);
    expect(await names('season=winter&season=all-season&rim=16&sort=price-asc')).toEqual([
      'Allwetter Pro 205/55 R16',
      'Nordic Grip 205/55 R16 91H',
      'Nordic Grip 205/55 R16 94H XL',
    ]);
    expect(await names('minPrice=80&maxPrice=95&sort=price-desc')).toEqual([
      'Nordic Grip 205/55 R16 91H',
      'Allwetter Pro 205/55 R16',
      'Brake Disc Pair',
    ]);
    // Stock 1 with order quantity 1 leaves nothing to order; stock 0 neither.
    const inStock = await names('category=tyre&inStock=true');
    expect(inStock).not.toContain('Nordic Grip 205/55 R16 94H XL');
    expect(inStock).not.toContain('Pneumático Inverno 195/65 R15');
    expect(inStock).toHaveLength(3);
    expect(await names('category=wheel&category=part&sort=name')).toEqual([
      'Brake Disc Pair',
      'Ceramic Brake Pads',
      'Steel Wheel 16 inch',
    ]);
  });

  it('finds words in name or description, in any case and accent, the last as a prefix', async () => {
    expect(await names('q=PNEUMATICO')).toEqual(['Pneumático Inverno 195/65 R15']);
    expect(await names('q=nordic gr')).toHaveLength(2);
    // Only the last word may be the start of a word.
    expect(await names('q=nord grip')).toEqual([]);
    expect(await names('q=winter')).toEqual(['Ceramic Brake Pads']);
    expect(await names('q=brake')).toEqual(['Brake Disc Pair', 'Ceramic Brake Pads']);
    expect(await names('q=%20%20')).toHaveLength(CATALOGUE.length);
  });

  it.each(['205/55 R16', '205/55R16', '205 55 16', '205-55-r16', '2055516'])(
    'matches the size %s typed in the search',
    async (size) => {
      const found = await names(`q=${encodeURIComponent(size)}&sort=name`);
      expect(found).toEqual([
        'Allwetter Pro 205/55 R16',
        'Nordic Grip 205/55 R16 91H',
        'Nordic Grip 205/55 R16 94H XL',
      ]);
      expect(await names(`q=${encodeURIComponent(`nordic ${size} 94h`)}`)).toEqual([
        'Nordic Grip 205/55 R16 94H XL',
      ]);
    },
  );

  it('counts each facet with every filter but its own', async () => {
    const counts = await facets('width=205&season=winter');
    expect(counts.category).toEqual([
      { value: 'tyre', count: 2 },
      { value: 'wheel', count: 0 },
      { value: 'part', count: 0 },
    ]);
    // Width left out: every winter tyre's width counts.
    expect(counts.width).toEqual([
      { value: 195, count: 1 },
      { value: 205, count: 2 },
    ]);
    // Season left out: the 205s of every season.
    expect(counts.season).toEqual([
      { value: 'summer', count: 0 },
      { value: 'winter', count: 2 },
      { value: 'all-season', count: 1 },
    ]);
    expect(counts.rim).toEqual([{ value: 16, count: 2 }]);
    expect(counts.price).toEqual({ min: 95, max: 105 });
  });

  it('counts a picked value that matches nothing, and gives no prices when nothing matches', async () => {
    const counts = await facets('q=steel&width=225');
    expect(counts.width).toEqual([{ value: 225, count: 0 }]);
    expect(counts.price).toBeNull();
  });

  it.each([
    ['sort=cheapest', 'sort must be one of: newest, price-asc, price-desc, name.'],
    ['width=abc', 'width must be a whole number.'],
    ['minPrice=90&maxPrice=10', 'minPrice must not be more than maxPrice.'],
    ['colour=red', 'colour is not a field the store takes here.'],
    ['season=spring', 'season must be one of: summer, winter, all-season.'],
    [`q=${'a'.repeat(201)}`, 'q can be at most 200 characters.'],
    ['inStock=maybe', 'inStock must be true or false.'],
  ])('refuses %s, naming the parameter', async (query, message) => {
    for (const url of [`/api/product?${query}`, `/api/product/facets?${query}`]) {
      if (url.includes('sort=') && url.includes('facets')) continue;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('sees an order take the last unit: the product leaves the in-stock results', async () => {
    const [product] = await insertProducts(t.db, [
      item('Last Unit Tyre 185/60 R14', 50, tyre(185, 60, 14, 'summer'), 2),
    ]);
    // Stored beside the API, which hears of it by the database's notification.
    const inStock = async () => (await names('q=last unit&inStock=true')).length;
    expect(await eventually(inStock, 1)).toBe(1);
    const token = await appToken(t.app, uniqueEmail('searcher'), { verified: true });
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(token),
      payload: orderBody(product!.id, 1),
    });
    expect(ordered.statusCode).toBe(201);
    // The order's own process sees its write at once.
    expect(await inStock()).toBe(0);
    expect(await names('q=last unit')).toHaveLength(1);
  });
});

/** A random catalogue for comparing the index with the database's answers. */
function randomCatalogue(size: number, { random, pick }: Seeded): NewProduct[] {
  const words = ['grip', 'nordic', 'sport', 'éco', 'Pro', 'ALL', 'road', 'ice', 'été', 'max'];
  return Array.from({ length: size }, (_, n) => {
    const kind = pick(['tyre', 'tyre', 'wheel', 'part'] as const);
    const attributes: ProductAttributes =
      kind === 'tyre'
        ? tyre(
            pick([185, 195, 205, 225]),
            pick([45, 55, 65]),
            pick([15, 16, 17, 17.5]),
            pick(['summer', 'winter', 'all-season', null] as const),
          )
        : { ...part, category: kind };
    const product = item(
      `${pick(words)} ${pick(words)} ${n}`,
      pick([45, 60, 60, 89.99, 120, 250]),
      attributes,
      pick([0, 1, 2, 30]),
      `${pick(words)} described`,
    );
    // Most tyres with an EU label, a few without.
    if (kind === 'tyre' && random() < 0.8) {
      product.euLabel = {
        fuel: pick(['A', 'B', 'C', 'E'] as const),
        wetGrip: pick(['A', 'B', 'D'] as const),
        noiseDb: pick([67, 68, 70, 71, 74]),
        noiseClass: pick(['A', 'B', 'C'] as const),
        snow: random() < 0.4,
        ice: random() < 0.2,
        eprel: null,
      };
    }
    return product;
  });
}

const SYNONYMS = synonymsOf([
  ['road', 'ice'],
  ['sport', 'max'],
]);

describe('the search index', () => {
  // Its own database, made before the test (as 'catalogue search' does): the test's time is
  // the searches' alone.
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  it('answers every search and facet exactly as the database does', async () => {
    const draw = seeded(16);
    const { pick, some } = draw;
    await insertProducts(t.db, randomCatalogue(300, draw));
    const rows = await productRowsInOrder(t);
    const index = SearchIndex.build(rows.map(toProduct));
    for (let run = 0; run < 120; run += 1) {
      const query: ProductFacetsQuery = {
        q: pick([
          ...['', 'gri', 'grip', 'eco', 'ÉTÉ pro', 'all ice m', '205/55 r16', '2055516 g'],
          // Slips (one in five letters), synonyms, and words close to none.
          ...['nordik', 'gripp sport', 'sprot', 'nordc', 'roaf ice', 'nordxc', 'spotr max'],
        ]),
        category: some(['tyre', 'wheel', 'part'] as const),
        season: some(['summer', 'winter', 'all-season'] as const),
        width: some([185, 205, 225]),
        aspect: some([45, 55]),
        rim: some([16, 17.5]),
        minPrice: pick([undefined, 50]),
        maxPrice: pick([undefined, 120]),
        inStock: pick([undefined, true]),
        fuel: pick([undefined, undefined, 'A', 'B', 'D'] as const),
        wetGrip: pick([undefined, undefined, 'A', 'C'] as const),
        maxNoise: pick([undefined, undefined, 68, 69, 74]),
        snow: pick([undefined, undefined, true]),
      };
      const filter = filterOf(query, null, pick([NO_SYNONYMS, SYNONYMS]));
      const sort: ProductSort = pick(PRODUCT_SORTS);
      const offset = pick([0, 5]);
      const hits = index.search(filter, sort, 10, offset);
      const fromDb = await searchProducts(t.db, filter, sort, { limit: 10, offset });
      const context = JSON.stringify({ query, sort, offset });
      expect({ context, total: hits.total }).toEqual({ context, total: fromDb.total });
      expect({ context, ids: hits.positions.map((at) => rows[at]!.id) }).toEqual({
        context,
        ids: fromDb.products.map((p) => p._id),
      });
      expect({ context, facets: index.facets(filter) }).toEqual({
        context,
        facets: await facetsFromDatabase(t.db, filter),
      });
    }
  });
});

describe('a search index brought up to date', () => {
  /** The catalogue as the API's cache holds it, oldest first. */
  const products: Product[] = CATALOGUE.map((p, i) => ({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: p.name,
    img: p.img,
    description: p.description,
    price: p.priceCents / 100,
    orderquantity: p.orderQuantity,
    availablequantity: p.availableQuantity,
    ...p.attributes!,
    euLabel: p.euLabel ?? null,
    marks: NO_MARKS,
    sku: `P${i}`,
    status: 'active',
    version: 1,
  }));
  const cheapestTyres = (index: SearchIndex) =>
    index
      .search(filterOf({ category: ['tyre'], inStock: true }), 'price-asc', 2, 0)
      .positions.map((at) => products[at]!.name);

  it('answers again after stock and price changes, and for a new name builds anew', () => {
    const index = SearchIndex.build(products);
    expect(cheapestTyres(index)).toEqual([
      'Allwetter Pro 205/55 R16',
      'Nordic Grip 205/55 R16 91H',
    ]);

    // Stock that leaves the cheapest tyre unorderable; a price that makes another cheapest.
    const next = products.slice();
    next[2] = { ...next[2]!, availablequantity: 1 };
    next[3] = { ...next[3]!, price: 10 };
    const derived = index.derive(next, [2, 3])!;
    expect(cheapestTyres(derived)).toEqual([
      'Sommer Sport 225/45 R17',
      'Nordic Grip 205/55 R16 91H',
    ]);
    // The index it came from still answers for its own list.
    expect(cheapestTyres(index)).toEqual([
      'Allwetter Pro 205/55 R16',
      'Nordic Grip 205/55 R16 91H',
    ]);

    const renamed = products.slice();
    renamed[0] = { ...renamed[0]!, name: 'Renamed' };
    expect(index.derive(renamed, [0])).toBeNull();
  });
});

describe('price ranges in a large index', () => {
  it('finds exactly the products in the range, across the blocks of the price order', () => {
    const { random } = seeded(7);
    const many: Product[] = Array.from({ length: 9000 }, (_, i) => ({
      _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Product ${i}`,
      img: '/p.svg',
      description: 'A product',
      // Many equal prices, so ranges start and end inside runs of them.
      price: Math.floor(random() * 400) + 0.99,
      orderquantity: 1,
      availablequantity: 5,
      ...PART_ATTRIBUTES,
      euLabel: null,
      marks: NO_MARKS,
      sku: `P${i}`,
      status: 'active' as const,
      version: 1,
    }));
    const index = SearchIndex.build(many);
    for (const [min, max] of [
      [0, 1000],
      [50, 60],
      [100.99, 100.99],
      [0, 0.5],
      [399, 1000],
      [12.34, 287.65],
    ] as const) {
      const found = index.search(filterOf({ minPrice: min, maxPrice: max }), 'newest', 9000, 0);
      const expected = many
        .map((p, at) => ({ p, at }))
        .filter(({ p }) => p.price >= min && p.price <= max)
        .map(({ at }) => at)
        .reverse();
      expect({ min, max, found: found.positions }).toEqual({ min, max, found: expected });
    }
  });
});
