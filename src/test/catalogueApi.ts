import { http, HttpResponse } from 'msw';
import { stockBelowZero } from '@contract/catalogTerms';
import type { HistoryEntry } from '@contract/productChanges';
import type { Product } from '@contract/products';

/**
 * The back office's product calls over an in-memory catalogue: the list (q matches the name,
 * status, limit, offset, X-Total-Count), details, edit with versions, stock, retire and
 * restore, and the history. Each call is recorded for the test to read.
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
