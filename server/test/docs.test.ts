import { startTestApp, type TestApp } from './testApp';

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('is an OpenAPI document listing every call of the store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const calls = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/config',
        'GET /api/product',
        'POST /api/product',
        'GET /api/productDetails/{id}',
        'GET /api/review',
        'POST /api/review',
        'PUT /api/users/{email}',
        'GET /api/admin/{email}',
        'GET /api/users',
        'PUT /api/users/admin/{email}',
        'POST /api/order',
        'GET /api/order',
        'GET /api/order/{id}',
        'DELETE /api/order/{id}',
        'PATCH /api/order/{id}',
        'POST /api/create-Payment-Intent',
        'POST /api/payments/local/confirm',
        'POST /api/payments/webhook',
        'GET /api/profile',
        'POST /api/profile',
        'POST /api/images',
        'GET /api/images/{id}',
      ].sort(),
    );
    // Request schemas come from the contract.
    expect(
      doc.paths['/api/order'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['productId', 'name', 'address', 'number', 'quantity']));
  });
});
