import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_TOO_NARROW,
  IMAGE_UPLOADS_BUSY,
  imageTooManyPixelsAs,
} from '../../contract/imageLimits';
import { images } from '../src/db/schema';
import { deleteUnusedImages } from '../src/images/imageTable';
import { FairTurns, UploadPlaces } from '../src/images/turns';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

/**
 * The 1-pixel PNG with a header claiming another size and kind: only the header is read before
 * such a picture is refused, so its pixels need not be there.
 */
function pngClaiming(width: number, height: number, { bitDepth = 8, interlaced = false } = {}) {
  const png = Buffer.from(PNG);
  // Signature (8), IHDR length (4), "IHDR" (4), then width, height, depth, colour type,
  // compression, filter, interlace; the chunk's CRC after its 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png[24] = bitDepth;
  png[28] = interlaced ? 1 : 0;
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

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
    t = await startTestApp();
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

  it('stores a picture re-encoded in each size and answers like imgbb; served immutable', async () => {
    const res = await upload(multipart('image', 'tyre.png', 'image/png', PNG));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      data: { url: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/), mime: 'image/webp' },
    });
    for (const [size, width, height] of [
      ['card', 400, 300],
      ['details', 960, 720],
      ['avatar', 240, 240],
    ] as const) {
      const image = await t.app.inject({ method: 'GET', url: `${body.data.url}/${size}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
    const plain = await t.app.inject({ method: 'GET', url: body.data.url });
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(960);
  });

  it('reads the type from the bytes, not the name or the header', async () => {
    const res = await upload(multipart('image', 'photo.txt', 'text/plain', PNG));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mime).toBe('image/webp');
  });

  it('re-encodes a picture stored before re-encoding existed the first time it is asked for', async () => {
    const [legacy] = await t.db
      .insert(images)
      .values({ contentType: 'image/png', bytes: PNG, size: PNG.length })
      .returning();
    const card = await t.app.inject({ method: 'GET', url: `/api/images/${legacy!.id}/card` });
    expect(card.statusCode).toBe(200);
    expect((await sharp(card.rawPayload).metadata()).format).toBe('webp');
    const [row] = await t.db.select().from(images).where(eq(images.id, legacy!.id));
    expect(row!.bytes).toBeNull();
  });

  it('removes pictures no product, review or profile uses once they are old enough', async () => {
    const used = (await upload(multipart('image', 'a.png', 'image/png', PNG))).json().data.url;
    const unused = (await upload(multipart('image', 'b.png', 'image/png', PNG))).json().data.url;
    await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(token),
      payload: { name: 'Pat', description: 'Grippy', Ratings: 4, address: 'Leeds', img: used },
    });
    expect(await deleteUnusedImages(t.db, 3600)).toBe(0);
    await t.db.update(images).set({ createdAt: sql`now() - interval '2 hours'` });
    expect(await deleteUnusedImages(t.db, 3600)).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ url: `${used}/card` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${unused}/card` })).statusCode).toBe(404);
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
      message:
        'This file is not a picture we can read. Choose a JPEG, PNG, GIF, WebP or AVIF picture.',
    });
  });

  it.each([
    ['50,000,000 × 1', pngClaiming(50_000_000, 1), IMAGE_TOO_NARROW],
    ['1 × 5', pngClaiming(1, 5), IMAGE_TOO_NARROW],
    ['8000 × 1999', pngClaiming(8000, 1999), IMAGE_TOO_NARROW],
    ['12,001 × 3001', pngClaiming(12_001, 3001), IMAGE_TOO_MANY_PIXELS],
    ['8000 × 6251', pngClaiming(8000, 6251), IMAGE_TOO_MANY_PIXELS],
    [
      '4000 × 3001 interlaced',
      pngClaiming(4000, 3001, { interlaced: true }),
      imageTooManyPixelsAs('an interlaced PNG'),
    ],
    [
      '4000 × 3001 16-bit',
      pngClaiming(4000, 3001, { bitDepth: 16 }),
      imageTooManyPixelsAs('a 16-bit PNG'),
    ],
  ])('refuses a PNG of %s pixels from its header, saying why', async (_size, bytes, message) => {
    const res = await upload(multipart('image', 'bomb.png', 'image/png', bytes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
  });

  it('takes the largest pictures of a kind, and pictures up to 4 times as long as they are wide', async () => {
    for (const [width, height, options] of [
      [4000, 1000, {}],
      [8, 32, {}],
      [4000, 3000, { progressive: true }],
    ] as const) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: '#2a6' } })
        .png(options)
        .toBuffer();
      const res = await upload(multipart('image', 'ok.png', 'image/png', bytes));
      expect([width, height, res.statusCode]).toEqual([width, height, 200]);
    }
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

describe('pictures take turns by account', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('one account’s pictures wait for each other, not another account’s', async () => {
    const turns = new FairTurns(1);
    const order: string[] = [];
    const releases: Array<() => void> = [];
    const job = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        releases.push(resolve);
      });
    const all = [
      turns.run('attacker', job('a1')),
      turns.run('attacker', job('a2')),
      turns.run('attacker', job('a3')),
    ];
    await tick();
    all.push(turns.run('shopper', job('s1')));
    await tick();
    expect(turns.load).toEqual({ running: 1, waiting: 3 });
    // Each time a picture is done, the account that waited longest goes next.
    while (releases.length > 0) {
      releases.shift()!();
      await tick();
      await tick();
    }
    await Promise.all(all);
    expect(order).toEqual(['a1', 's1', 'a2', 'a3']);
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('with two places, one account never takes both', async () => {
    const turns = new FairTurns(2);
    const running: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const job = (name: string) => async () => {
      running.push(name);
      await held;
    };
    const all = [turns.run('a', job('a1')), turns.run('a', job('a2')), turns.run('b', job('b1'))];
    await tick();
    expect(running).toEqual(['a1', 'b1']);
    release();
    await Promise.all(all);
    expect(running).toEqual(['a1', 'b1', 'a2']);
  });

  it('a failed picture frees its turn', async () => {
    const turns = new FairTurns(1);
    await expect(turns.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow(
      'broken',
    );
    await expect(turns.run('a', async () => 'next')).resolves.toBe('next');
  });

  it('an account has at most 4 uploads under way; the next is refused with 429', () => {
    const places = new UploadPlaces();
    const taken = Array.from({ length: 4 }, () => places.enter('a'));
    expect(() => places.enter('a')).toThrow(
      expect.objectContaining({ code: 'too_many', message: IMAGE_UPLOADS_BUSY }),
    );
    // Another account is not affected; a place left is free again (once, however often left).
    places.enter('b');
    taken[0]!.leave();
    taken[0]!.leave();
    places.enter('a');
    expect(() => places.enter('a')).toThrow(IMAGE_UPLOADS_BUSY);
  });
});
