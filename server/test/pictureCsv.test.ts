import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import type { TyreModel } from '../../contract/models';
import type { Product } from '../../contract/products';
import { csvForm } from './csvForm';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/** A supplier's picture host on loopback: a picture, a page, a redirect, a huge file. */
async function pictureHost() {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url === '/tread.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (request.url === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>no picture</p>');
    } else if (request.url === '/moved.png') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    } else if (request.url === '/huge.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(6 * 1024 * 1024));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the catalogue CSV's pictures column", () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof pictureHost>>;
  const admin = uniqueEmail('admin');
  let token: string;
  beforeAll(async () => {
    host = await pictureHost();
    t = await startTestApp({
      adminEmails: [admin],
      pictureHosts: [{ name: '127.0.0.1', port: host.port }],
    });
    token = await appToken(t.app, admin, { verified: true });
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  const importCsv = async (text: string, dryRun = false) => {
    const form = csvForm(text);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/product/import${dryRun ? '?dryRun=true' : ''}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const modelOf = async (id: string): Promise<TyreModel> =>
    (await t.app.inject({ method: 'GET', url: `/api/product/${id}/model` })).json();
  const exported = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/product/export.csv',
      headers: bearer(token),
    });
    return parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
  };

  it('takes the store’s own pictures and allowed hosts’ (fetched once, re-encoded), line by line', async () => {
    const all: Product[] = (await t.app.inject({ method: 'GET', url: '/api/product' })).json();
    const tyre = all.find((p) => p.name === 'RoadGrip Summer 205/55 R16 91V')!;
    const others = all.filter((p) => !p.name.startsWith('RoadGrip Summer'));
    const remote = host.url('/tread.png');
    const file = [
      'sku,pictures',
      `${tyre.sku},${remote} | /images/products/summer-tyre.svg`,
      `${others[0]!.sku},https://evil.example/x.png`,
      `${others[1]!.sku},${host.url('/page.html')}`,
      `${others[2]!.sku},${host.url('/moved.png')}`,
      `${others[3]!.sku},${host.url('/huge.png')}`,
      `${others[4]!.sku},file:///etc/passwd`,
    ].join('\n');

    // The dry run asks no host for anything.
    const dry = await importCsv(file, true);
    expect(host.asked).toEqual([]);
    // Lines 2, 4, 5 and 6 name allowed hosts: only the import itself fetches them.
    expect(dry.updated).toBe(4);
    const messages = (report: { rejected: Array<{ line: number; message: string }> }) =>
      report.rejected.map((row) => `${row.line}: ${row.message}`);
    expect(messages(dry)).toEqual([
      '3: pictures: evil.example is not a host the store takes pictures from: upload the picture, or ask for the host to be added to PICTURE_HOSTS.',
      '7: pictures: file:///etc/passwd is not an http or https address.',
    ]);

    const report = await importCsv(file);
    expect(messages(report)).toEqual([
      '3: pictures: evil.example is not a host the store takes pictures from: upload the picture, or ask for the host to be added to PICTURE_HOSTS.',
      `4: pictures: The picture at ${host.url('/page.html')} is not a picture.`,
      `5: pictures: The picture at ${host.url('/moved.png')} could not be fetched (no answer in time, or a redirect).`,
      `6: pictures: The picture at ${host.url('/huge.png')} is too large: The picture is larger than 5 MB.`,
      '7: pictures: file:///etc/passwd is not an http or https address.',
    ]);
    expect(report.updated).toBe(1);
    const model = await modelOf(tyre._id);
    expect(model.pictures.map((p) => p.url)).toEqual([
      expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/),
      '/images/products/summer-tyre.svg',
    ]);
    expect(model.pictures[0]!.alt).toBe(tyre.name);
    // Re-encoded as every upload: served as WebP in the card size.
    const card = await t.app.inject({ method: 'GET', url: model.pictures[0]!.cardUrl });
    expect(card.headers['content-type']).toBe('image/webp');
    expect(host.asked.filter((path) => path === '/tread.png')).toHaveLength(1);

    // The same file again: the picture fetched before is taken again, nothing changes.
    const again = await importCsv(file);
    expect(again.updated).toBe(0);
    expect(host.asked.filter((path) => path === '/tread.png')).toHaveLength(1);

    // The export writes the model's gallery; importing it changes nothing.
    const rows = await exported();
    const row = rows.find((r) => r.sku === tyre.sku)!;
    expect(row.pictures).toBe(model.pictures.map((p) => p.url).join(' | '));
    const roundTrip = await importCsv(
      ['sku,pictures', ...rows.map((r) => `${r.sku},${r.pictures}`)].join('\n'),
    );
    expect(roundTrip).toMatchObject({ updated: 0, rejected: [] });

    // A new order in the cell is the gallery's new order; an empty cell changes nothing.
    const reversed = [...model.pictures].reverse().map((p) => p.url);
    await importCsv(`sku,pictures\n${tyre.sku},${reversed.join('|')}\n`);
    expect((await modelOf(tyre._id)).pictures.map((p) => p.url)).toEqual(reversed);
    expect((await importCsv(`sku,pictures\n${tyre.sku},\n`)).unchanged).toBe(1);
  });
});
