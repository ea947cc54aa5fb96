import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server';
import { downloadCsv, fileNameOf } from './csvDownload';

const products = { path: '/product/export.csv', fileName: 'products.csv', what: 'products' };

describe('downloading an export as CSV', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:products');
    URL.revokeObjectURL = jest.fn();
  });

  it('renews an app token that ran out while the page was open, then downloads', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    const seen: string[] = [];
    server.use(
      http.get('/api/product/export.csv', ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        seen.push(auth);
        return auth === 'Bearer fresh-token'
          ? new HttpResponse('sku,name\n', {
              headers: {
                'content-type': 'text/csv',
                'content-disposition': 'attachment; filename="catalogue-2026-11-24.csv"',
              },
            })
          : HttpResponse.json({ error: 'Unauthorized', message: 'expired' }, { status: 401 });
      }),
    );
    const renew = jest.fn(async () => {
      localStorage.setItem('accessToken', 'fresh-token');
      return true;
    });
    await expect(downloadCsv(products, renew)).resolves.toBe('catalogue-2026-11-24.csv');
    expect(seen).toEqual(['Bearer expired-token', 'Bearer fresh-token']);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it("says the API's refusal when the session cannot be renewed", async () => {
    server.use(
      http.get('/api/product/export.csv', () =>
        HttpResponse.json({ error: 'Unauthorized', message: 'Sign in again.' }, { status: 401 }),
      ),
    );
    await expect(downloadCsv(products, async () => false)).rejects.toThrow('Sign in again.');
  });

  it('names the file as the API does, or products.csv', () => {
    expect(fileNameOf('attachment; filename="catalogue-2026-11-24.csv"', 'products.csv')).toBe(
      'catalogue-2026-11-24.csv',
    );
    expect(fileNameOf(null, 'products.csv')).toBe('products.csv');
  });
});
