import SwaggerParser from '@apidevtools/swagger-parser';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

const run = promisify(execFile);
const redoclyCli = path.resolve(__dirname, '../../node_modules/@redocly/cli/bin/cli.js');

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

type Document = {
  paths: Record<string, Record<string, Operation>>;
  tags: Array<{ name: string }>;
} & Record<string, unknown>;

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, op]) => ({ call: `${method.toUpperCase()} ${url}`, op })),
  );

/**
 * Redocly's lint warnings accepted, each with why; anything else it reports fails the test.
 * Keyed by rule and the JSON pointer it points at.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {
  'info-license #/info': 'the store API is not published under a licence',
  'operation-4xx-response #/paths/~1api~1health/get/responses':
    'the health check takes no input and no sign-in: it answers 200 or 503',
  'operation-4xx-response #/paths/~1api~1config/get/responses':
    'the public settings take no input and no sign-in: nothing to refuse',
  'operation-4xx-response #/paths/~1api~1review/get/responses':
    'the public list of reviews takes no input and no sign-in: nothing to refuse',
  'operation-4xx-response #/paths/~1api~1vehicles~1makes/get/responses':
    'the list of makes takes no input and no sign-in: nothing to refuse',
  'operation-4xx-response #/paths/~1api~1fitting-days/get/responses':
    'the fitting days take no input and no sign-in: nothing to refuse',
  'operation-4xx-response #/paths/~1api~1fitting-centres/get/responses':
    'the list of fitting centres takes no input and no sign-in: nothing to refuse',
  'operation-4xx-response #/paths/~1api~1markets/get/responses':
    'the list of markets takes no input and no sign-in: nothing to refuse',
};

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/** `redocly lint` with its recommended rules, as a consumer of the API would run it. */
async function redoclyLint(doc: Document): Promise<RedoclyProblem[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  try {
    // Exit code 1 means errors were found: the JSON on stdout says which.
    const { stdout } = await run(
      process.execPath,
      [redoclyCli, 'lint', file, '--extends', 'recommended', '--format', 'json'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    return (JSON.parse(stdout) as { problems: RedoclyProblem[] }).problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the API description', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI document listing every call of the store', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(
      operationsOf(doc)
        .map(({ call }) => call)
        .sort(),
    ).toEqual(
      [
        'GET /api/health',
        'GET /api/admin/emails',
        'POST /api/admin/emails/{id}/retry',
        'GET /api/bag',
        'GET /api/bag/fitment',
        'GET /api/fitting-days',
        'GET /api/fitting-schedule',
        'PUT /api/fitting-schedule',
        'GET /api/fitting-centres',
        'GET /api/fitting-centres/all',
        'GET /api/fitting-centres/near',
        'GET /api/fitting-centres/export.csv',
        'GET /api/fitting-centres/mine',
        'POST /api/fitting-centres/import',
        'POST /api/fitting-centres',
        'GET /api/fitting-centres/{id}',
        'PUT /api/fitting-centres/{id}',
        'DELETE /api/fitting-centres/{id}',
        'GET /api/fitting-centres/{id}/slots',
        'GET /api/fitting-centres/{id}/day',
        'GET /api/appointments',
        'GET /api/appointments/{id}',
        'GET /api/appointments/{id}/calendar.ics',
        'PATCH /api/appointments/{id}',
        'POST /api/appointments/{id}/cancel',
        'POST /api/appointments/{id}/status',
        'GET /api/stock-places',
        'POST /api/stock-places',
        'PUT /api/stock-places/{code}',
        'DELETE /api/stock-places/{code}',
        'PUT /api/stock-places/{code}/lead-times',
        'GET /api/stock-places/{code}/products',
        'PUT /api/stock-places/{code}/products',
        'PUT /api/search/synonyms',
        'GET /api/config',
        'GET /api/product',
        'GET /api/product/facets',
        'POST /api/product',
        'PATCH /api/product/{id}',
        'POST /api/product/{id}/stock',
        'POST /api/promotions',
        'POST /api/promotions/check',
        'POST /api/promotions/guest-check',
        'POST /api/promotions/{id}/end',
        'POST /api/product/{id}/retire',
        'POST /api/product/{id}/restore',
        'GET /api/product/{id}/history',
        'GET /api/product/{id}/market-prices',
        'PUT /api/product/{id}/market-prices',
        'GET /api/product/export.csv',
        'POST /api/product/import',
        'GET /api/productDetails/{id}',
        'GET /api/vehicles/makes',
        'GET /api/vehicles/models',
        'GET /api/vehicles/years',
        'GET /api/vehicles',
        'GET /api/vehicles/search',
        'GET /api/vehicles/{id}',
        'GET /api/vehicles/{id}/sets',
        'GET /api/vehicles/{id}/fitment',
        'GET /api/vehicles/export.csv',
        'POST /api/vehicles/import',
        'GET /api/review',
        'POST /api/review',
        'GET /api/review/moderation',
        'GET /api/search/synonyms',
        'PATCH /api/review/{id}',
        'PUT /api/bag/items/{productId}',
        'PUT /api/users/{email}',
        'GET /api/admin/{email}',
        'GET /api/users',
        'PUT /api/users/admin/{email}',
        'POST /api/logout',
        'POST /api/order',
        'GET /api/order',
        'GET /api/models/{id}',
        'GET /api/models/{id}/reviews',
        'GET /api/product/{id}/model',
        'GET /api/models/grouping',
        'GET /api/models/of',
        'POST /api/models/{id}/pictures',
        'PUT /api/models/{id}/pictures/order',
        'PATCH /api/models/{id}/pictures/{pictureId}',
        'DELETE /api/models/{id}/pictures/{pictureId}',
        'GET /api/order/{id}',
        'DELETE /api/bag/items/{productId}',
        'DELETE /api/order/{id}',
        'PATCH /api/order/{id}',
        'POST /api/order/{id}/ship',
        'POST /api/order/{id}/deliver',
        'POST /api/order/{id}/cancel',
        'POST /api/order/{id}/return',
        'POST /api/order/{id}/refund',
        'GET /api/order/{id}/history',
        'GET /api/order/{id}/refund-preview',
        'GET /api/admin/overview',
        'POST /api/bag/merge',
        'POST /api/checkout',
        'GET /api/checkout/{id}',
        'PATCH /api/checkout/{id}',
        'POST /api/guest/browser',
        'POST /api/guest/checkout',
        'GET /api/guest/checkout/{id}',
        'PATCH /api/guest/checkout/{id}',
        'POST /api/guest/checkout/{id}/payment-intent',
        'POST /api/guest/checkout/{id}/orders/{orderId}/cancel',
        'POST /api/guest/checkout/{id}/orders/{orderId}/return',
        'DELETE /api/guest/checkout/{id}/links',
        'GET /api/guest/checkout/{id}/appointment.ics',
        'PATCH /api/guest/checkout/{id}/appointment',
        'POST /api/guest/checkout/{id}/appointment/cancel',
        'POST /api/guest/find-order',
        'GET /api/markets',
        'GET /api/markets/{code}/prices',
        'PUT /api/markets/{code}',
        'PUT /api/markets/{code}/prices/{productId}',
        'DELETE /api/markets/{code}/prices/{productId}',
        'POST /api/create-Payment-Intent',
        'POST /api/payments/local/confirm',
        'POST /api/payments/webhook',
        'GET /api/profile',
        'GET /api/promotions',
        'GET /api/promotions/badges',
        'GET /api/promotions/{id}/uses.csv',
        'POST /api/profile',
        'POST /api/images',
        'GET /api/images/{id}',
        'GET /api/images/{id}/{size}',
        'GET /api/staff/me',
        'GET /api/staff',
        'PUT /api/staff/{email}',
        'GET /api/staff/sessions',
        'DELETE /api/staff/sessions/{id}',
        'GET /api/audit',
        'GET /api/audit.csv',
      ].sort(),
    );
    // Request schemas come from the contract.
    expect(
      doc.paths['/api/order']!.post!.requestBody!.content['application/json']!.schema,
    ).toMatchObject({
      required: expect.arrayContaining(['productId', 'name', 'address', 'number', 'quantity']),
    });
  });

  it('passes swagger-parser validation', async () => {
    // validate() dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("passes Redocly's recommended rules: no error, and only the warnings accepted above", async () => {
    const problems = await redoclyLint(doc);
    const unexpected = problems
      .map((p) => ({ ...p, key: `${p.ruleId} ${p.location[0]?.pointer ?? ''}` }))
      .filter((p) => p.severity === 'error' || !(p.key in ACCEPTED_WARNINGS))
      .map((p) => `${p.severity} ${p.key}: ${p.message}`);
    expect(unexpected).toEqual([]);
  }, 60_000);

  it('names, files and secures every operation (new routes need operationId, summary, tags)', () => {
    const tags = new Set(doc.tags.map((tag) => tag.name));
    const ids = new Map<string, string>();
    const problems = operationsOf(doc).flatMap(({ call, op }) => {
      const missing: string[] = [];
      if (!op.operationId) missing.push('operationId');
      else if (ids.has(op.operationId))
        missing.push(`a unique operationId (${ids.get(op.operationId)} has it)`);
      else ids.set(op.operationId, call);
      if (!op.summary) missing.push('summary');
      if (!op.tags?.length) missing.push('tags');
      for (const tag of op.tags ?? [])
        if (!tags.has(tag)) missing.push(`a known tag (not "${tag}")`);
      if (!op.security) missing.push('security (signedIn, or publicCall for a public call)');
      return missing.length > 0 ? [`${call} lacks ${missing.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('declares the refusals each operation can give, all in the { error, message } shape', () => {
    const problems = operationsOf(doc).flatMap(({ call, op }) => {
      const found: string[] = [];
      const secured = (op.security ?? []).length > 0;
      if (secured && !op.responses['401']) found.push('401 (it needs a sign-in)');
      const isWrite = !call.startsWith('GET ');
      if (isWrite && !op.responses['429']) found.push('429 (writes are rate-limited)');
      const validated = Boolean(op.requestBody) || call.includes('{');
      if (validated && !op.responses['400']) found.push('400 (its input is validated)');
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || call === 'POST /api/payments/local/confirm') continue;
        const schema = response.content?.['application/json']?.schema;
        if (!schema || !('error' in ((schema.properties as object) ?? {})))
          found.push(`${status} in the { error, message } shape`);
      }
      return found.length > 0 ? [`${call} should declare ${found.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('gives an example with every JSON request body', () => {
    const withoutExample = operationsOf(doc)
      .filter(({ op }) => {
        const json = op.requestBody?.content['application/json'];
        return json && json.example === undefined;
      })
      .map(({ call }) => call);
    expect(withoutExample).toEqual([]);
  });

  it('publishes the validator-only keywords as extensions, which the server still uses', async () => {
    const img = (
      doc.paths['/api/review']!.post!.requestBody!.content['application/json']!.schema as {
        properties: { img: Record<string, unknown> };
      }
    ).properties.img;
    expect(img).not.toHaveProperty('errorMessage');
    // The message per keyword (issue 13's form): { pattern: '...' }.
    const message = (img['x-errorMessage'] as { pattern: string }).pattern;
    expect(message).toEqual(expect.any(String));
    // The server keeps using it for its message.
    const token = await appToken(t.app, uniqueEmail('docs'), { verified: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(token),
      payload: { name: 'A', description: 'B', Ratings: 5, address: 'C', img: 'javascript:x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  const get = (url: string, accept?: string) =>
    t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

  it.each([
    ['no Accept header', undefined],
    ['Accept: application/json', 'application/json'],
    ['Accept: */* (fetch, curl)', '*/*'],
  ])('answers the document as JSON to clients sending %s', async (_name, accept) => {
    const res = await get('/api/docs', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(String(res.headers.vary).split(/\s*,\s*/)).toContain('accept');
    expect(res.json()).toEqual((await get('/api/docs/openapi.json')).json());
  });

  it('answers the Swagger UI page to a browser, loading only files of this origin', async () => {
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const res = await get('/api/docs', browser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The store's policy applies unchanged: no inline script is needed.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
    expect(res.headers['content-security-policy']).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );
    expect(res.body).not.toMatch(/<script>|<script\s+(?!src=)/);
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(
      expect.arrayContaining(['/api/docs/ui/swagger-ui-bundle.js', '/api/docs/ui/start.js']),
    );
    for (const asset of assets) {
      const file = await get(asset);
      expect([asset, file.statusCode]).toEqual([asset, 200]);
    }
    expect((await get('/api/docs/ui/start.js')).body).toContain('"/api/docs/openapi.json"');
  });

  it('serves none of the package files the page does not load', async () => {
    for (const url of [
      '/api/docs/ui/index.html',
      '/api/docs/ui/swagger-ui.js.map',
      '/api/docs/ui/package.json',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toEqual({ error: 'Not Found', message: expect.any(String) });
    }
  });
});
