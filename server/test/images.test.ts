import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----storetest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('image uploads', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    token = await appToken(t.app, uniqueEmail('uploader'));
  });
  afterAll(() => t.close());

  const upload = (
    body: ReturnType<typeof multipart>,
    headers: Record<string, string> = bearer(token),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/images?key=ignored',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });

  it('stores a picture and answers like imgbb; the picture is served immutable', async () => {
    const res = await upload(multipart('image', 'tyre.png', 'image/png', PNG));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      data: { url: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/) },
    });
    const image = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('detects the type from the bytes, not the name or the header', async () => {
    const res = await upload(multipart('image', 'photo.txt', 'text/plain', PNG));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mime).toBe('image/png');
  });

  it.each([
    ['a script named .png', Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png'],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
    ['HTML with a PNG name', Buffer.from('<!doctype html><p>hi</p>'), 'x.png', 'image/png'],
    [
      'a polyglot: HTML first, PNG after',
      Buffer.concat([Buffer.from('<html>'), PNG]),
      'x.png',
      'image/png',
    ],
  ])('refuses %s with 400', async (_what, bytes, name, type) => {
    const res = await upload(multipart('image', name, type, bytes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Bad Request',
      message: 'Only JPEG, PNG, GIF, WebP or AVIF pictures can be uploaded.',
    });
  });

  it('refuses a picture over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(multipart('image', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The picture is larger than 5 MB.');
  });

  it('needs the field "image", multipart and a signed-in user', async () => {
    expect((await upload(multipart('file', 'a.png', 'image/png', PNG))).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: bearer(token),
      payload: { image: 'data' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(
      'Send the picture as multipart/form-data in the field "image".',
    );
    expect((await upload(multipart('image', 'a.png', 'image/png', PNG), {})).statusCode).toBe(401);
  });

  it('answers 404 for an unknown picture and 400 for a malformed id', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/images/3f1c2a5e-1111-4222-8333-944455556666',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(400);
  });
});
