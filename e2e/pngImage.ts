import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (diagonal stripes of two colours) made in memory, so the journeys upload a picture
 * the API's byte check accepts and the browser can show, without a binary file in the repo.
 */
export function stripedPng(
  size: number,
  a: [number, number, number],
  b: [number, number, number],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB pixels
    for (let x = 0; x < size; x += 1) {
      const [r, g, bl] = Math.floor((x + y) / 8) % 2 === 0 ? a : b;
      row.set([r, g, bl], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A file for Playwright's setInputFiles. */
export function pngUpload(
  name: string,
  colours: [number, number, number][] = [
    [245, 158, 11],
    [17, 24, 39],
  ],
) {
  return { name, mimeType: 'image/png', buffer: stripedPng(96, colours[0]!, colours[1]!) };
}
