import { Readable } from 'node:stream';
import { readCsvRows } from '../src/catalog/priceListReader';

/** The refusal of a file read as a price list would be, or null if it was read. */
async function refusal(content: string | Buffer): Promise<string | null> {
  try {
    await readCsvRows(Readable.from([Buffer.from(content)]), {
      header: (names) => [...names],
      row: (line) => line,
      miscounted: (line) => line,
    });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a CSV file that cannot be read, in words', () => {
  it('names the line where a quote opens and never closes', async () => {
    const lines = ['sku,name', ...Array.from({ length: 9 }, (_, i) => `P${i},Tyre ${i}`)];
    expect(await refusal(`${lines.join('\n')}\nP10,"Tyre 10\nP11,Tyre 11\n`)).toBe(
      'Line 11: a quote (") is opened and never closed. Close it, or remove it if it belongs to the text.',
    );
  });

  it('says what to do with a quote inside a cell, or text after a closing one', async () => {
    expect(await refusal('sku,name\nP1,Tyre 17" wide\n')).toBe(
      'Line 2: a quote (") stands inside a cell. Put the whole cell in quotes and write each quote in it twice ("").',
    );
    expect(await refusal('sku,name\nP1,"Tyre" 17\n')).toBe(
      'Line 2: text follows a cell\'s closing quote ("). Put the whole cell in quotes and write each quote in it twice ("").',
    );
  });

  it('says a picture, a spreadsheet or other binary data is not a CSV file', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(await refusal(png)).toBe(
      'This is not a CSV file: it is a picture (PNG). Save the price list as CSV (comma-separated, UTF-8) and upload that.',
    );
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toMatch(
      /^This is not a CSV file: it is a spreadsheet or zip archive \(such as \.xlsx\)\./,
    );
    expect(await refusal(Buffer.from('s\0k\0u\0'))).toBe(
      'This is not a CSV file. Save the price list as CSV (comma-separated, UTF-8) and upload that.',
    );
  });

  it('never speaks the parser’s own words', async () => {
    for (const text of ['sku\n"a', 'sku,name\nA,b"c', 'sku\n"a"b']) {
      const message = await refusal(text);
      expect(message).toMatch(/^Line \d+/);
      expect(message).not.toMatch(/Invalid|Quote Not Closed|parsing/);
    }
  });

  it('reads a well-made file', async () => {
    expect(await refusal('sku,name\nP1,"Tyre 17"" wide"\n')).toBeNull();
  });
});
