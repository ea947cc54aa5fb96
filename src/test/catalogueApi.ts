import { http, HttpResponse } from 'msw';
import { stockBelowZero } from '@contract/catalogTerms';
import type { HistoryEntry } from '@contract/productChanges';
import type { ModelPicture, TyreModel } from '@contract/models';
import type { Product } from '@contract/products';

/**
 * The back office's product calls over an in-memory catalogue: the list (q matches the name,
 * status, limit, offset, X-Total-Count), details, edit with versions, stock, retire and
 * restore, and the history. Each call is recorded for the test to read. Each product is a
 * model of its own (the model's id is the product's) with a gallery of pictures (issue 51).
 */
export function catalogueApi(initial: Product[], history: HistoryEntry[] = []) {
  const products = initial.map((product) => ({ ...product }));
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const find = (id: unknown) => products.find((product) => product._id === id);
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? null : await request.json().catch(() => null);
    calls.push({ method: request.method, path: url.pathname, search: url.search, body });
    return body as Record<string, unknown>;
  };
  const ownPrices = new Map<string, Record<string, number | null>>();
  const marketPricesOf = (product: Product) =>
    [
      { market: 'DE', name: 'Deutschland', currency: 'EUR', locale: 'de-DE', perDollar: 0.92 },
      { market: 'GB', name: 'United Kingdom', currency: 'GBP', locale: 'en-GB', perDollar: 0.79 },
    ].map(({ perDollar, ...market }) => ({
      ...market,
      own: ownPrices.get(product._id)?.[market.market] ?? null,
      // Converted as the store does, without the .99 ending: enough for the page's hint.
      converted: Math.round(product.price * 100 * perDollar),
    }));
  const missing = () =>
    HttpResponse.json({ error: 'Not Found', message: 'No product with this id.' }, { status: 404 });
  const galleries = new Map<string, ModelPicture[]>();
  const galleryOf = (id: unknown) => galleries.get(String(id)) ?? [];
  let pictureCount = 0;
  const modelOf = (product: Product): TyreModel => ({
    _id: product._id,
    brand: product.name.split(' ')[0]!,
    pattern: product.name.split(' ').slice(1, 3).join(' '),
    name: product.name.split(' ').slice(0, 3).join(' '),
    category: product.category,
    season: product.season,
    description: product.description,
    features: [],
    img: galleryOf(product._id)[0]?.cardUrl ?? product.img,
    pictures: galleryOf(product._id),
    sizes: [product],
    priceFrom: product.price,
  });
  /** A gallery call: the model's pictures changed by `change`, answered whole. */
  const galleryCall = async (
    request: Request,
    id: unknown,
    change: (pictures: ModelPicture[], body: Record<string, unknown>) => ModelPicture[],
  ) => {
    const body = await record(request);
    if (!find(id)) return missing();
    galleries.set(String(id), change(galleryOf(id), body ?? {}));
    return HttpResponse.json(galleryOf(id));
  };

  const handlers = [
    http.get('/api/product', async ({ request }) => {
      await record(request);
      const params = new URL(request.url).searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const status = params.get('status') ?? 'active';
      const limit = Number(params.get('limit') ?? 50);
      const offset = Number(params.get('offset') ?? 0);
      const found = products
        .filter((product) => status === 'all' || product.status === status)
        .filter((product) => product.name.toLowerCase().includes(q));
      return HttpResponse.json(found.slice(offset, offset + limit), {
        headers: { 'X-Total-Count': String(found.length) },
      });
    }),
    http.get('/api/productDetails/:id', ({ params }) => {
      const product = find(params.id);
      return product ? HttpResponse.json(product) : missing();
    }),
    http.get('/api/product/:id/history', ({ params }) =>
      find(params.id) ? HttpResponse.json(history) : missing(),
    ),
    http.patch('/api/product/:id', async ({ request, params }) => {
      const body = await record(request);
      const product = find(params.id);
      if (!product) return missing();
      if (body.version !== product.version) {
        return HttpResponse.json(
          {
            error: 'Conflict',
            message: 'Another admin changed this product since you opened it.',
            field: 'version',
            current: product,
          },
          { status: 409 },
        );
      }
      const { version: _version, ...changes } = body;
      Object.assign(product, changes, { version: product.version + 1 });
      return HttpResponse.json(product);
    }),
    http.post('/api/product/:id/stock', async ({ request, params }) => {
      const body = (await record(request)) as { delta: number };
      const product = find(params.id);
      if (!product) return missing();
      if (product.availablequantity + body.delta < 0) {
        return HttpResponse.json(
          { error: 'Conflict', message: stockBelowZero(product.availablequantity), field: 'delta' },
          { status: 409 },
        );
      }
      product.availablequantity += body.delta;
      return HttpResponse.json(product);
    }),
    // Each product's own prices in DE and GB (the Edit page's panel): none until a test sets one.
    http.get('/api/product/:id/market-prices', ({ params }) => {
      const product = find(params.id);
      return product ? HttpResponse.json(marketPricesOf(product)) : missing();
    }),
    http.put('/api/product/:id/market-prices', async ({ request, params }) => {
      const body = (await record(request)) as { prices: Record<string, number | null> };
      const product = find(params.id);
      if (!product) return missing();
      const own = ownPrices.get(product._id) ?? {};
      ownPrices.set(product._id, { ...own, ...body.prices });
      return HttpResponse.json(marketPricesOf(product));
    }),
    http.get('/api/product/:id/model', ({ params }) => {
      const product = find(params.id);
      return product && product.status === 'active'
        ? HttpResponse.json(modelOf(product))
        : missing();
    }),
    http.post('/api/models/:id/pictures', ({ request, params }) =>
      galleryCall(request, params.id, (pictures, body) => {
        pictureCount += 1;
        const _id = `0c0c0c0c-0000-4000-8000-${String(pictureCount).padStart(12, '0')}`;
        const url = String(body.url);
        const picture = { _id, url, alt: String(body.alt), productId: null };
        return [...pictures, { ...picture, cardUrl: `${url}/card`, detailsUrl: `${url}/details` }];
      }),
    ),
    http.put('/api/models/:id/pictures/order', ({ request, params }) =>
      galleryCall(request, params.id, (pictures, body) =>
        (body.pictures as string[]).map((id) => pictures.find((p) => p._id === id)!),
      ),
    ),
    http.patch('/api/models/:id/pictures/:pictureId', ({ request, params }) =>
      galleryCall(request, params.id, (pictures, body) =>
        pictures.map((p) => (p._id === params.pictureId ? { ...p, alt: String(body.alt) } : p)),
      ),
    ),
    http.delete('/api/models/:id/pictures/:pictureId', ({ request, params }) =>
      galleryCall(request, params.id, (pictures) =>
        pictures.filter((p) => p._id !== params.pictureId),
      ),
    ),
    http.post('/api/product/:id/:change', async ({ request, params }) => {
      await record(request);
      const product = find(params.id);
      if (!product) return missing();
      product.status = params.change === 'retire' ? 'retired' : 'active';
      product.version += 1;
      return HttpResponse.json(product);
    }),
  ];

  return {
    handlers,
    products,
    calls,
    /** The model gallery of a product (the model's id is the product's). */
    gallery: (id: string) => galleryOf(id),
    /** The calls other than reads. */
    writes: () => calls.filter((call) => call.method !== 'GET'),
    lists: () => calls.filter((call) => call.method === 'GET' && call.path === '/api/product'),
    /** Another admin's save: the product changes and its version goes up. */
    changeBehind: (id: string, change: Partial<Product>) => {
      const product = find(id)!;
      Object.assign(product, change, { version: product.version + 1 });
    },
  };
}
