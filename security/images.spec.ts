import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { appTokenFor, bearer, uniqueEmail } from './identity';
import {
  call,
  cleanUp,
  emulatorHost,
  freshDatabase,
  shopperEmail,
  signIn,
  startApi,
  type ApiProcess,
} from './stack';
import { waitFor } from '../scripts/processes';
import { signInThroughEmulator } from '../scripts/signIn';

test.afterEach(cleanUp);

const png1x1 = () =>
  sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

/** CRC-32 of PNG chunks (the table-free bitwise form: a few bytes to check). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

/** A small valid PNG whose header claims `width` × `height` pixels (a decompression bomb's head). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await png1x1());
  // Signature (8), IHDR length (4), "IHDR" (4), width, height at 16 and 20; CRC after 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Noise does not compress: the largest picture of a given size an attacker can send. */
const noisePng = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3 as const,
      background: '#000',
      noise: { type: 'gaussian' as const, mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();

async function upload(
  request: APIRequestContext,
  token: string,
  name: string,
  buffer: Buffer,
  mimeType = 'image/png',
) {
  return request.post('/api/images', {
    headers: bearer(token),
    multipart: { image: { name, mimeType, buffer } },
  });
}

// One account for the tests on the stack under test: its token exchanges are rate limited.
let token: string;
test.beforeAll(async ({ request }) => {
  token = await appTokenFor(request, uniqueEmail('pictures'));
});

test('a script that starts like a GIF is not stored', async ({ request }) => {
  const res = await upload(
    request,
    token,
    'x.gif',
    Buffer.from('GIF89a=1;alert(document.domain)'),
    'image/gif',
  );
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({
    error: 'Bad Request',
    message: expect.stringMatching(/not a picture/),
  });
});

test('pictures with too many pixels are refused before they are decoded', async ({ request }) => {
  for (const [width, height] of [
    [1_000_000, 1_000_000],
    [20_000, 20_000],
  ] as const) {
    const bomb = await pngClaiming(width, height);
    expect(bomb.length).toBeLessThan(100);
    const res = await upload(request, token, 'bomb.png', bomb);
    expect(res.status(), `${width} x ${height}`).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Bad Request',
      message: expect.stringContaining('too many pixels'),
    });
  }
});

test('an upload is re-encoded without its metadata, into the sizes the store shows', async ({
  request,
}) => {
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#2a6' },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-location-52.1N', Artist: 'secret-artist' } })
    .toBuffer();
  expect(photo.includes('secret-location')).toBe(true);
  // Bytes after the end of the picture (a polyglot's payload) must not survive either.
  const res = await upload(
    request,
    token,
    'photo.jpg',
    Buffer.concat([photo, Buffer.from('<script>alert(1)</script>')]),
    'image/jpeg',
  );
  expect(res.status()).toBe(200);
  const { data } = await res.json();
  expect(data.url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);

  for (const [size, width, height] of [
    ['card', 400, 300],
    ['details', 960, 720],
    ['avatar', 240, 240],
  ] as const) {
    const served = await request.get(`${data.url}/${size}`);
    expect(served.status(), size).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    const bytes = await served.body();
    expect(bytes.includes('secret')).toBe(false);
    expect(bytes.includes('<script>')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect({
      format: meta.format,
      width: meta.width,
      height: meta.height,
      exif: meta.exif,
    }).toEqual({
      format: 'webp',
      width,
      height,
      exif: undefined,
    });
  }
  // The stored URL itself serves the details size.
  const plain = await request.get(data.url);
  expect((await sharp(await plain.body()).metadata()).width).toBe(960);
});

test('uploads do not stall other requests', async ({ request }) => {
  const big = await noisePng(1300, 1200);
  expect(big.length).toBeGreaterThan(4.5 * 1024 * 1024);
  expect(big.length).toBeLessThan(5 * 1024 * 1024);

  // The health call (which asks the database) and the config (which does not), timed over and
  // over while four 5 MB pictures are uploaded at once.
  const timings: Record<string, number[]> = { '/api/health': [], '/api/config': [] };
  let uploading = true;
  const probe = async (path: string) => {
    while (uploading) {
      const start = performance.now();
      expect((await request.get(path)).status()).toBe(200);
      timings[path]!.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const probes = Object.keys(timings).map(probe);
  const uploadsStarted = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => upload(request, token, 'noise.png', big)),
  );
  const uploadsMs = performance.now() - uploadsStarted;
  uploading = false;
  await Promise.all(probes);
  expect(answers.map((a) => a.status())).toEqual([200, 200, 200, 200]);
  for (const [path, times] of Object.entries(timings)) {
    const slowest = Math.max(...times);
    console.log(
      `${path} during 4 uploads: ${times.length} calls, slowest ${Math.round(slowest)} ms`,
    );
    expect(times.length, path).toBeGreaterThan(5);
    // Other calls are answered while the pictures are read, not after them: measured against
    // the uploads' own time, so a busy machine slows both alike. Before re-encoding (5 MB
    // pictures stored as they came) a call waited about as long as the uploads, 14 s; now
    // 0.3 s at most on a calm machine, and 1.2 s of 11 s under a load of 20 (where a bound of
    // 1 s failed).
    expect(slowest, `${path}, uploads took ${Math.round(uploadsMs)} ms`).toBeLessThan(
      uploadsMs / 3,
    );
  }
});

/** An API process of its own, with small picture limits. */
async function storeWith(request: APIRequestContext, env: Record<string, string>) {
  const emulator = await emulatorHost(request);
  const database = await freshDatabase();
  const api = await startApi({ database, emulatorHost: emulator, env });
  return { api: api.url, emulator, process: api };
}

async function uploadTo(api: string, token: string, buffer: Buffer, type = 'image/png') {
  const form = new FormData();
  const name = `picture.${type.split('/')[1]}`;
  form.set('image', new Blob([new Uint8Array(buffer)], { type }), name);
  const res = await fetch(`${api}/api/images`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

test('one account can store only so much, and pictures no record uses are removed', async ({
  request,
}) => {
  const { api, emulator } = await storeWith(request, {
    IMAGE_QUOTA_MB: '1',
    UNUSED_IMAGE_SECONDS: '5',
  });
  const token = await signIn(api, emulator, shopperEmail('hoard-pictures', 0));
  const noise = await noisePng(1300, 1200);
  const profile = (image: string) =>
    call(api, 'POST', '/api/profile', {
      token,
      body: {
        name: 'Pat',
        Department: 'Tyres',
        Address: 'Leeds',
        instituteName: 'Foundry College',
        Linkedin: 'https://www.linkedin.com/in/pat',
        image,
      },
    });

  // Each picture goes into use at once (a review, a profile), so none is removed meanwhile.
  const first = await uploadTo(api, token, noise);
  expect(first.status).toBe(200);
  const review = await call(api, 'POST', '/api/review', {
    token,
    body: {
      name: 'Pat',
      description: 'Good grip',
      Ratings: 5,
      address: 'Leeds',
      img: first.body.data.url,
    },
  });
  expect(review.status).toBe(201);
  const second = await uploadTo(api, token, noise);
  expect(second.status).toBe(200);
  expect([200, 201]).toContain((await profile(second.body.data.url)).status);

  const third = await uploadTo(api, token, noise);
  expect(third.status).toBe(409);
  expect(third.body.message).toMatch(/of the 1 MB one account may store/);

  // A new profile picture: the old one is used by nothing any more, and is removed.
  expect([200, 201]).toContain((await profile('/images/reviews/review-1.svg')).status);
  await waitFor(
    'the unused picture to be removed',
    async () => (await fetch(`${api}${second.body.data.url}/card`)).status === 404,
    { timeoutMs: 30_000 },
  );
  expect((await fetch(`${api}${first.body.data.url}/card`)).status).toBe(200);
  // Its bytes no longer count: there is room again.
  expect((await uploadTo(api, token, noise)).status).toBe(200);
});

test('with IMGBB_KEY, visitors never see the key: uploads go through the API', async ({
  request,
}) => {
  const received: Array<{ url: string; type: string; body: Buffer }> = [];
  const stub = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        type: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks),
      });
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          success: true,
          status: 200,
          data: { url: 'https://i.ibb.co/abc/p.webp' },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  try {
    const key = 'imgbb-secret-key-0123456789';
    const { api, emulator } = await storeWith(request, {
      IMGBB_KEY: key,
      IMGBB_UPLOAD_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/1/upload`,
    });
    const config = await fetch(`${api}/api/config`);
    const text = await config.text();
    expect(text).not.toContain(key);
    expect(JSON.parse(text).imageUploadUrl).toBe('/api/images');
    expect(config.headers.get('content-security-policy') ?? '').not.toContain('api.imgbb.com');

    const token = await signIn(api, emulator, shopperEmail('imgbb', 0));
    const sent = await uploadTo(
      api,
      token,
      Buffer.concat([await noisePng(300, 200), Buffer.from('<script>alert(1)</script>')]),
    );
    expect(sent.status).toBe(200);
    expect(sent.body.data.url).toBe('https://i.ibb.co/abc/p.webp');
    expect(received).toHaveLength(1);
    expect(new URL(received[0]!.url, 'http://stub').searchParams.get('key')).toBe(key);
    // imgbb gets the re-encoded picture, not the bytes that were uploaded.
    expect(received[0]!.body.includes('<script>')).toBe(false);
    expect(received[0]!.body.includes('WEBP')).toBe(true);

    // A record shows only pictures the store holds: the address it sent the picture to, and
    // no picture put on imgbb (or anywhere) past its re-encoding.
    const review = (img: string) =>
      call(api, 'POST', '/api/review', {
        token,
        body: { name: 'Pat', description: 'Good grip', Ratings: 5, address: 'Leeds', img },
      });
    expect((await review('https://i.ibb.co/abc/p.webp')).status).toBe(201);
    for (const elsewhere of [
      'https://i.ibb.co/not/sent-by-the-store.png',
      'https://evil.example/bomb.png',
      '//evil.example/bomb.png',
    ]) {
      const refused = await review(elsewhere);
      expect(refused.status, elsewhere).toBe(400);
      expect(refused.body.message).toMatch(/picture uploaded to this store/);
    }
  } finally {
    stub.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Decompression bombs: small files that decode into huge pictures (issue 27, finding 3)

/**
 * zlib data of `length` zero bytes, made without compressing them all: 1 MiB of zeros is
 * compressed once and repeated (a full flush makes each copy stand on its own), so a 150 MB
 * picture's data takes milliseconds to make. The Adler-32 of n zeros is 1, with n in the high half.
 */
function zerosZlib(length: number): Buffer {
  const MiB = 1 << 20;
  const options = { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH };
  const block = zlib.deflateRawSync(Buffer.alloc(MiB), options);
  const rest = zlib.deflateRawSync(Buffer.alloc(length % MiB), options);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(Math.floor(length / MiB)).fill(block),
    rest,
    Buffer.from([0x03, 0x00]), // the final, empty block
    adler,
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of `width` × `height` black pixels: a few hundred KB for 150 MB of pixels. */
function blackPng(
  width: number,
  height: number,
  { channels = 3, bitDepth = 8, interlaced = false } = {},
): Buffer {
  const colourType = { 1: 0, 2: 4, 3: 2, 4: 6 }[channels]!;
  // Each row: its filter byte (0, none), then its pixels.
  const rows = (w: number, h: number) =>
    w && h ? h * (1 + Math.ceil((w * channels * bitDepth) / 8)) : 0;
  // Adam7 sends seven smaller pictures, one after the other.
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  const length = interlaced
    ? passes.reduce(
        (sum, [x, y, dx, dy]) =>
          sum + rows(Math.ceil((width - x!) / dx!), Math.ceil((height - y!) / dy!)),
        0,
      )
    : rows(width, height);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, interlaced ? 1 : 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zerosZlib(length)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An AVIF of 8000 × 6000 pixels of one colour, in 1 KB (libheif decodes it whole: 0.9 GB). */
const AVIF_48_MEGAPIXELS = Buffer.from(
  [
    'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAA',
    'AAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAD6AAEAAAAAAAADEQAAACNpaW5mAAAAAAAB',
    'AAAAFWluZmUCAAAAAAEAAGF2MDEAAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgT8CAAAAABRpc3BlAAAAAAAAH0AAAB',
    'dwAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAMZbWRhdBIACgo/8z5/dv4QENBpMoAGExAA',
    'FFFFCABU9Mns4HpbcITA0AM+crkcPgHZ+DBcpXa7283puKoi+rBEiScE19CYnekb0FmdGaAGQ+c+nHHYGmsL8geoTf',
    'QGZjlGRnIFp2aAeBYAhnhb7yMJ7qBY7FX2WKrIyT9BZrr1F+0uxz6M3Q6HqHFIyqzERIRqdgo/eHpa/gh3AhGZj98q',
    'Y0/5TpqSQcXnkgoWS3WZKpr8Sjb0VLWf3QrNXCTC/NG+xqKPzxMoSyk7gFb2WKrIyT9BZrr1F+0uxz6M3Q6HqHFIyq',
    'zERIRqdgo/eHpa/gh3AhGZj98qY0/5TpqSQcXnkgoWPqyfyh5ctlNNpr4brfmiGb6tKMjPAC2Qydk0tU1eaChV9liq',
    'yMk/QWa69RftLsc+jN0Oh6hxSMqsxESEanYKP3h6Wv4IdwIRmY/fKmNP+U6akkHF55IKFkt1mSqa/Eo29FS1n90KzV',
    'wkwvzRvsaij88TKEspO4BW9liqyMk/QWa69RftLsc+jN0Oh6hxSMqsxESEanYKP3h6Wv4IdwIRmY/fKmNP+U6akkHF',
    '55IKFj6sn8oeXLZTTaa+G635ohm+rSjIzwAtkMnZNLVNXmgoVfZYqsjJP0FmuvUX7S7HPozdDoeocUjKrMREhGp2Cj',
    '94elr+CHcCEZmP3ypjT/lOmpJBxeeSChZLdZkqmvxKNvRUtZ/dCs1cJML80b7Goo/PEyhLKTuAdvZYqsjJP0FmuvUX',
    '7S7HPozdDoeocUjKrMREhGp2Cj94elr+CHcCEZmP3ypjT/lOmpJBxeeSChY+rJ/KHly2U02mvhut+aIZvq0oyM8ALZ',
    'DJ2UlbEVTHMrLVNGX+khVMMJE8AeKScBM+k92rQXug3U/AnbabyunA9liqyMk/QWa69RftLsc+jN0Oh6hxSMqsxESE',
    'anYKP3h6Wv4IdwIRmY/fKmNP+U6akkHF55IKFkt1mSqa/Eo29FS1n90KzVwkwvzRvsaij89kCht5wciNki1V2VNaZo',
    '+tp/vFtr7t3GVl27JJ0NtkX3babyuA',
  ].join(''),
  'base64',
);

/** Resident memory (MB) and CPU time (ms) of a process, from /proc (Linux). */
function usageOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's name in brackets: state is field 3, utime and stime fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM'), cpuMs: ticks * 10 };
}

/** What one upload costs the API process: CPU, and resident memory at its peak above before. */
async function costOf<T>(api: ApiProcess, work: () => Promise<T>) {
  const pid = api.proc.child.pid!;
  // Resets VmHWM to the resident memory now, so the peak seen after is this upload's.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = usageOf(pid);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const after = usageOf(pid);
  return {
    result,
    seconds,
    cpuSeconds: (after.cpuMs - before.cpuMs) / 1000,
    memoryMb: after.peakMb - before.rssMb,
    rssBeforeMb: before.rssMb,
    peakMb: after.peakMb,
  };
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** An account that has not verified its email: any such account may upload. */
const unverified = (store: { api: string; emulator: string }, email: string) =>
  signInThroughEmulator({
    api: store.api,
    emulator: `http://${store.emulator}`,
    email,
    password: 'attack-pass-123',
    verifyEmail: false,
  });

test.describe('pictures that would cost too much to decode', () => {
  // Fresh pictures are made and decoded here: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);

  test('are refused from their header, and no upload costs more than 2 s of CPU or 300 MB', async ({
    request,
  }) => {
    const store = await storeWith(request, {});
    // Any account may upload: this one has not even verified its email.
    const attacker = await unverified(store, shopperEmail('bomber', 0));
    const refused = /^The picture (is too long and narrow|has too many pixels)/;
    const uploads = [
      // The attack of issue 27: 142 KB, decoded for 10 to 12 s into 1.5 GB.
      { name: '50,000,000 × 1 PNG', bytes: blackPng(50_000_000, 1), status: 400 },
      { name: '1 × 50,000,000 PNG', bytes: blackPng(1, 50_000_000), status: 400 },
      {
        name: '7071 × 7071 16-bit RGBA interlaced PNG',
        bytes: blackPng(7071, 7071, { channels: 4, bitDepth: 16, interlaced: true }),
        status: 400,
      },
      { name: '8000 × 6000 AVIF', bytes: AVIF_48_MEGAPIXELS, type: 'image/avif', status: 400 },
      // The largest the store takes, of the cheapest kind and of a costly one.
      { name: '7071 × 7071 PNG', bytes: blackPng(7071, 7071), status: 200 },
      {
        name: '4000 × 3000 16-bit RGBA interlaced PNG',
        bytes: blackPng(4000, 3000, { channels: 4, bitDepth: 16, interlaced: true }),
        status: 200,
      },
    ];
    for (const upload of uploads) {
      expect(upload.bytes.length, upload.name).toBeLessThan(700_000);
      const cost = await costOf(store.process, () =>
        uploadTo(store.api, attacker, upload.bytes, upload.type),
      );
      console.log(
        `${upload.name} (${Math.round(upload.bytes.length / 1024)} KB): ${cost.result.status} in ` +
          `${round(cost.seconds)} s, ${round(cost.cpuSeconds)} s of CPU, resident memory ` +
          `${Math.round(cost.rssBeforeMb)} → peak ${Math.round(cost.peakMb)} MB` +
          (cost.result.status === 200 ? '' : `: ${JSON.stringify(cost.result.body.message)}`),
      );
      expect.soft(cost.result.status, upload.name).toBe(upload.status);
      if (upload.status === 400)
        expect.soft(cost.result.body.message, upload.name).toMatch(refused);
      // Issue 27's targets: at most 2 s of CPU and 300 MB of resident memory per upload.
      expect.soft(cost.cpuSeconds, upload.name).toBeLessThanOrEqual(2);
      expect.soft(cost.memoryMb, upload.name).toBeLessThanOrEqual(300);
    }
  });

  test('one account’s uploads hold up no other account’s', async ({ request }) => {
    const store = await storeWith(request, {});
    const attacker = await unverified(store, shopperEmail('bomber', 1));
    const shopper = await signIn(store.api, store.emulator, shopperEmail('shopper', 1));
    const theirs = await noisePng(200, 200);
    const timed = async (upload: Promise<{ status: number }>) => {
      const started = performance.now();
      const { status } = await upload;
      return { status, seconds: (performance.now() - started) / 1000 };
    };
    const alone = await timed(uploadTo(store.api, shopper, theirs));
    expect(alone.status).toBe(200);

    // The attacker sends the bomb and three of the costliest pictures the store takes (about a
    // second of CPU each), all at once...
    const costliest = blackPng(4000, 3000, { channels: 4, bitDepth: 16, interlaced: true });
    const attack = [blackPng(50_000_000, 1), costliest, costliest, costliest].map((bytes) =>
      timed(uploadTo(store.api, attacker, bytes)),
    );
    // ...and while they are under way, another shopper uploads a 200 × 200 picture.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const meanwhile = await timed(uploadTo(store.api, shopper, theirs));
    const attacked = await Promise.all(attack);
    console.log(
      `a 200 × 200 upload: ${round(alone.seconds)} s alone, ${round(meanwhile.seconds)} s ` +
        `while another account uploads (its answers ${attacked.map((a) => a.status).join(', ')} ` +
        `after ${attacked.map((a) => round(a.seconds)).join(', ')} s)`,
    );
    expect(meanwhile.status).toBe(200);
    expect(attacked.map((a) => a.status)).toEqual([400, 200, 200, 200]);
    // Issue 27's target is 1 s; the suite shares the machine with the store under test, other
    // workers and the browser, so this allows 2.5 s (before, the upload waited behind all four:
    // 4 to 9 s here).
    expect(meanwhile.seconds).toBeLessThan(2.5);
  });
});
