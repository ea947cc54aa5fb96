import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readPriceList } from '../src/catalog/priceListReader';
import { importRows } from '../src/catalog/productImport';
import { escapeCell, unescapeCell } from '../src/catalog/csvCells';
import { CSV_COLUMNS } from '../../contract/catalogTerms';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct, orderBody } from './fixtures';
import { bearer } from './identity';
import { Readable } from 'node:stream';
import { csvForm } from './csvForm';

describe('CSV cells', () => {
  it.each(['=1+1', '+cmd', '-2', '@SUM(A1)', '\tx', "'=x", "''y", "'Tis", 'plain', ''])(
    'escapes %j for spreadsheets and reads it back the same',
    (text) => {
      const escaped = escapeCell(text);
      expect(/^[=+\-@\t\r]/.test(escaped)).toBe(false);
      expect(unescapeCell(escaped)).toBe(text);
    },
  );
});

describe('reading a price list', () => {
  /** `head`, then `piece` so many times: an upload as it arrives, made as it is read. */
  function* upload(head: string, piece: string, times: number) {
    yield head;
    for (let i = 0; i < times; i += 1) yield piece;
  }

  /** The refusal of a file and how long reading it took. */
  async function refusalOf(pieces: Iterable<string>) {
    const started = performance.now();
    const error = await readPriceList(Readable.from(pieces)).then(
      () => null,
      (err: { code?: string; message: string }) => err,
    );
    return { error, ms: performance.now() - started };
  }

  it('refuses a line of more than 1,000 cells as it reads it, not after', async () => {
    // A header of 4 million columns (4 MB).
    const { error, ms } = await refusalOf(upload('sku', ','.repeat(64 * 1024), 64));
    expect(error).toMatchObject({
      code: 'invalid',
      message:
        'Line 1 has more than 1,000 cells: a price list has one cell for each of its columns (29 at most). Check that the file is comma-separated.',
    });
    expect(ms).toBeLessThan(1000);
    const row = await refusalOf([`sku,name\nA1,${'x,'.repeat(2000)}\n`]);
    expect(row.error?.message).toMatch(/^Line 2 has more than 1,000 cells/);
  });

  it('refuses a line longer than 64 KB as it reads it: one cell of 40 MB, or a quote never closed', async () => {
    for (const pieces of [
      upload('sku,name\nA1,', 'x'.repeat(64 * 1024), 640),
      upload('sku,name\nA1,"', 'x\n'.repeat(1024), 100),
    ]) {
      const { error, ms } = await refusalOf(pieces);
      expect(error).toMatchObject({
        code: 'invalid',
        message:
          'Line 2 is longer than 64 KB, more than a product\'s cells ever take: check that every cell that opens a quote (") closes it.',
      });
      expect(ms).toBeLessThan(1000);
    }
  });

  it('reads lines up to the limits: a row of 1,000 cells is a row with a problem, not a refusal', async () => {
    const description = 'd'.repeat(60_000);
    const rows = await readPriceList(
      Readable.from([
        `sku,name,description\nA1,Tyre,${description}\nA2,Tyre,Wide${','.repeat(997)}\n`,
      ]),
    );
    expect(rows.map((row) => 'problem' in row && row.problem)).toEqual([
      'description can be at most 2,000 characters.',
      'This row has 1000 cells where the first row names 3 columns.',
    ]);
  });
});

describe('the catalogue as CSV', () => {
  const accounts = withAdminAndTwoShoppers();
  const as = (email: string) => bearer(accounts.tokens[email]!);
  const exportCsv = (email: string | null = accounts.admin) =>
    accounts.t.app.inject({ url: '/api/product/export.csv', headers: email ? as(email) : {} });
  const importCsv = (text: string, query = '', headers: Record<string, string> = {}) => {
    const form = csvForm(text);
    return accounts.t.app.inject({
      method: 'POST',
      url: `/api/product/import${query}`,
      payload: form.payload,
      headers: { ...form.headers, ...as(accounts.admin), ...headers },
    });
  };
  const rowsOf = (text: string) =>
    parse(text, { bom: true, columns: true }) as Array<Record<string, string>>;

  it('exports every product, retired too, with a header row and formulas escaped', async () => {
    const product = await makeProduct(accounts.t.db);
    await accounts.t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product.id}`,
      headers: as(accounts.admin),
      payload: { version: 1, name: '=HYPERLINK("http://evil.example","Click")' },
    });
    await accounts.t.app.inject({
      method: 'POST',
      url: `/api/product/${product.id}/retire`,
      headers: as(accounts.admin),
    });
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="catalogue-/);
    const [header] = res.body.replace(/^\uFEFF/, '').split('\n');
    // Then each market's own prices (ownPriceCsv.test.ts).
    expect(header).toBe([...CSV_COLUMNS, 'price_DE', 'price_GB'].join(','));
    const rows = rowsOf(res.body);
    const mine = rows.find((row) => row.sku === product.sku)!;
    expect(mine).toEqual(
      expect.objectContaining({
        name: `'=HYPERLINK("http://evil.example","Click")`,
        price: '49.99',
        status: 'retired',
        width: '',
      }),
    );
    expect(rows[0]).toEqual(
      expect.objectContaining({ sku: 'P000001', width: '205', rim: '16', season: 'summer' }),
    );
  });

  it('is for admins only', async () => {
    expect((await exportCsv(null)).statusCode).toBe(401);
    expect((await exportCsv(accounts.alice)).statusCode).toBe(403);
    const form = csvForm('sku\nX1\n');
    const asShopper = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/product/import',
      payload: form.payload,
      headers: { ...form.headers, ...as(accounts.alice) },
    });
    expect(asShopper.statusCode).toBe(403);
  });

  it('exporting and importing the file again changes nothing', async () => {
    const before = (await exportCsv()).body;
    const dry = await importCsv(before, '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    const total = rowsOf(before).length;
    expect(dry.json()).toEqual({
      dryRun: true,
      rows: total,
      added: 0,
      updated: 0,
      unchanged: total,
      stockKept: 0,
      rejectedCount: 0,
      rejected: [],
      failure: null,
    });
    const stored = await importCsv(before);
    expect(stored.json()).toEqual(expect.objectContaining({ dryRun: false, unchanged: total }));
    expect((await exportCsv()).body).toBe(before);
  });

  /** A dry run, then the import: the dry run must count what the import does. */
  const dryThenImport = async (text: string) => {
    const dry = (await importCsv(text, '?dryRun=true')).json();
    const stored = (await importCsv(text)).json();
    expect({ ...dry, dryRun: false }).toEqual(stored);
    return stored as Record<string, unknown>;
  };
  const productOf = async (sku: string) => {
    const { rows } = (await accounts.t.db.execute(
      sql`select id from products where sku = ${sku}`,
    )) as unknown as { rows: Array<{ id: string }> };
    expect(rows).toHaveLength(1);
    return (await accounts.t.app.inject({ url: `/api/productDetails/${rows[0]!.id}` })).json();
  };
  const attributesOf = (product: Record<string, unknown>) => {
    const { category, width, aspect, rim, season, loadIndex, speedRating } = product;
    return { category, width, aspect, rim, season, loadIndex, speedRating };
  };

  it('imports a price list of new tyres twice: the second time changes nothing', async () => {
    const prefix = `TWICE-${randomUUID().slice(0, 6)}`.toUpperCase();
    // The attribute columns are there, their cells empty: the store reads them from the names.
    const withColumns = [
      'sku,name,description,price,orderquantity,availablequantity,img,category,width,aspect,rim,season,loadIndex,speedRating,status',
      `${prefix}-1,Frostline Ice Winter 205/55 R16 91H,Studless winter tyre,72.50,1,30,,,,,,,,,active`,
      `${prefix}-2,Velocity Sport Summer 225/45 R17 94W,Summer tyre,99.00,1,20,,,,,,,,,`,
      `${prefix}-3,Urbano Alloy Wheel 17x7 ET40,Cast alloy wheel,120,1,8,,,,,,,,,`,
      // Cells given are taken as they are, the others empty, as Add Product takes a category chosen.
      `${prefix}-4,Alpine Grip All-Season 195/65 R15,All-season tyre,65,1,12,,tyre,,,,all-season,,,`,
    ].join('\n');
    // A supplier's list without the attribute columns at all.
    const withoutColumns = [
      'sku,name,description,price,orderquantity,availablequantity',
      `${prefix}-5,Pneumax Touring All-Season 185/60 R14 82T,All-season tyre,55,1,40`,
    ].join('\n');
    const read = {
      1: ['tyre', 205, 55, 16, 'winter', 91, 'H'],
      2: ['tyre', 225, 45, 17, 'summer', 94, 'W'],
      3: ['wheel', null, null, null, null, null, null],
      4: ['tyre', null, null, null, 'all-season', null, null],
      5: ['tyre', 185, 60, 14, 'all-season', 82, 'T'],
    };
    const attributesRead = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.keys(read).map(async (n) => [
            n,
            Object.values(attributesOf(await productOf(`${prefix}-${n}`))),
          ]),
        ),
      );

    expect(await dryThenImport(withColumns)).toEqual(
      expect.objectContaining({ added: 4, updated: 0, unchanged: 0, rejectedCount: 0 }),
    );
    expect(await dryThenImport(withoutColumns)).toEqual(
      expect.objectContaining({ added: 1, updated: 0, unchanged: 0, rejectedCount: 0 }),
    );
    expect(await attributesRead()).toEqual(read);
    const exported = (await exportCsv()).body;

    // The same files again: nothing to do, nothing done.
    expect(await dryThenImport(withColumns)).toEqual(
      expect.objectContaining({ added: 0, updated: 0, unchanged: 4, rejectedCount: 0 }),
    );
    expect(await dryThenImport(withoutColumns)).toEqual(
      expect.objectContaining({ added: 0, updated: 0, unchanged: 1, rejectedCount: 0 }),
    );
    expect(await attributesRead()).toEqual(read);
    // Not a version moved, not a cell changed: the tyres are still in the size and season filters.
    expect((await exportCsv()).body).toBe(exported);
    const filtered = await accounts.t.app.inject({
      url: '/api/product?width=205&aspect=55&rim=16&season=winter',
    });
    expect(filtered.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ sku: `${prefix}-1` })]),
    );

    // And the export sent back is still a round trip: byte-identical after.
    const total = rowsOf(exported).length;
    expect(await dryThenImport(exported)).toEqual(
      expect.objectContaining({ added: 0, updated: 0, unchanged: total, rejectedCount: 0 }),
    );
    expect((await exportCsv()).body).toBe(exported);
  });

  it('changes only the attributes a row gives: an empty cell keeps what the product has', async () => {
    const sku = `KEEP-${randomUUID().slice(0, 6)}`.toUpperCase();
    const header =
      'sku,name,description,price,orderquantity,availablequantity,category,width,aspect,rim,season,loadIndex,speedRating';
    const row = (name: string, attributes: string) =>
      `${header}\n${sku},${name},Winter tyre,72.50,1,30,${attributes}`;
    await dryThenImport(row('Frostline Ice Winter 205/55 R16 91H', ',,,,,,'));
    const winter = ['tyre', 205, 55, 16, 'winter', 91, 'H'];
    const now = async () => Object.values(attributesOf(await productOf(sku)));
    expect(await now()).toEqual(winter);

    // A new name, the attribute cells empty: as on the Edit page, the attributes stay (the file
    // did not say to change them).
    expect(await dryThenImport(row('Frostline Ice Winter 215/60 R16 95H', ',,,,,,'))).toEqual(
      expect.objectContaining({ updated: 1 }),
    );
    expect(await productOf(sku)).toEqual(
      expect.objectContaining({ name: 'Frostline Ice Winter 215/60 R16 95H', width: 205 }),
    );
    expect(await dryThenImport(row('Frostline Ice Winter 215/60 R16 95H', ',,,,,,'))).toEqual(
      expect.objectContaining({ updated: 0, unchanged: 1 }),
    );
    // The cells given change what they say, the empty ones keep theirs.
    expect(
      await dryThenImport(row('Frostline Ice Winter 215/60 R16 95H', ',215,60,,,95,')),
    ).toEqual(expect.objectContaining({ updated: 1, rejectedCount: 0 }));
    expect(await now()).toEqual(['tyre', 215, 60, 16, 'winter', 95, 'H']);
    expect(
      await dryThenImport(row('Frostline Ice Winter 215/60 R16 95H', ',,,,all-season,,')),
    ).toEqual(expect.objectContaining({ updated: 1 }));
    expect(await now()).toEqual(['tyre', 215, 60, 16, 'all-season', 95, 'H']);
    // Its history names only what changed.
    const history = await accounts.t.app.inject({
      url: `/api/product/${String((await productOf(sku))._id)}/history`,
      headers: as(accounts.admin),
    });
    expect(history.json()[0].changes).toEqual([
      { field: 'season', from: 'winter', to: 'all-season' },
    ]);
    // Another category, as on the Edit page, takes the tyre's attributes away.
    expect(await dryThenImport(row('Frostline Ice Winter 215/60 R16 95H', 'part,,,,,,'))).toEqual(
      expect.objectContaining({ updated: 1 }),
    );
    expect(await now()).toEqual(['part', null, null, null, null, null, null]);
    // A part given a size with its category cell empty is refused, as an edit (PATCH) is.
    expect(
      await dryThenImport(row('Frostline Ice Winter 215/60 R16 95H', ',215,60,16,,,')),
    ).toEqual(
      expect.objectContaining({
        updated: 0,
        rejected: [{ line: 2, sku, message: expect.stringContaining('are for tyres only') }],
      }),
    );
    expect(
      await dryThenImport(row('Frostline Ice Winter 215/60 R16 95H', 'tyre,215,60,16,,,')),
    ).toEqual(expect.objectContaining({ updated: 1, rejectedCount: 0 }));
    expect(await now()).toEqual(['tyre', 215, 60, 16, null, null, null]);
  });

  it('adds and updates the good rows, and says why each bad row was left out', async () => {
    const known = await makeProduct(accounts.t.db, { priceCents: 8999 });
    const sku = `SUP-${randomUUID().slice(0, 8)}`.toUpperCase();
    const file = [
      'sku,name,description,price,orderquantity,availablequantity,category,width,aspect,rim,season',
      `${sku},Nordica Ice 195/65 R15,Studless winter tyre,72.50,1,30,tyre,195,65,15,winter`,
      `${known.sku},${known.name},A tyre made for a test,84.99,0,100,,,,,`,
      `${sku}-2,Wiper Blade 600 mm,Silicone blade,abc,1,10,part,,,,`,
      `${sku}-3,,No name,10,1,10,part,,,,`,
      `${sku}-4,Brake Pad Set,Front pads,40,1,10,part,205,55,16,`,
      `${sku},Nordica Ice again,Twice,70,1,30,tyre,195,65,15,winter`,
      `${sku}-5,Cheap Part,Orderable? No,5,10,10,part,,,,`,
      'has space,Odd,Odd,1,0,1,part,,,,',
    ].join('\n');
    const dry = await importCsv(file, '?dryRun=true');
    expect(dry.json()).toEqual({
      dryRun: true,
      rows: 8,
      added: 1,
      updated: 1,
      unchanged: 0,
      stockKept: 0,
      rejectedCount: 6,
      failure: null,
      rejected: [
        { line: 4, sku: `${sku}-2`, message: 'price must be a number.' },
        { line: 5, sku: `${sku}-3`, message: 'name cannot be empty.' },
        {
          line: 6,
          sku: `${sku}-4`,
          message: expect.stringContaining('are for tyres only'),
        },
        { line: 7, sku, message: `sku ${sku} is on line 2 already.` },
        {
          line: 8,
          sku: `${sku}-5`,
          message: expect.stringContaining('Order Quantity must be less than the available'),
        },
        { line: 9, sku: 'has space', message: expect.stringContaining('sku must be 1 to 40') },
      ],
    });
    // Nothing stored by the dry run.
    const search = async (q: string) =>
      (await accounts.t.app.inject({ url: `/api/product?q=${encodeURIComponent(q)}` })).json();
    expect(await search('Nordica Ice')).toEqual([]);

    const stored = await importCsv(file);
    expect(stored.json()).toEqual(
      expect.objectContaining({ dryRun: false, added: 1, updated: 1, rejectedCount: 6 }),
    );
    expect(await search('Nordica Ice 195/65')).toEqual([
      expect.objectContaining({
        sku,
        price: 72.5,
        width: 195,
        season: 'winter',
        img: '/images/products/no-picture.svg',
      }),
    ]);
    const updated = await accounts.t.app.inject({ url: `/api/productDetails/${known.id}` });
    expect(updated.json()).toEqual(expect.objectContaining({ price: 84.99, version: 2 }));
    const history = await accounts.t.app.inject({
      url: `/api/product/${known.id}/history`,
      headers: as(accounts.admin),
    });
    expect(history.json()[0]).toEqual(
      expect.objectContaining({
        action: 'import',
        by: accounts.admin,
        changes: [{ field: 'price', from: 89.99, to: 84.99 }],
      }),
    );
  });

  it('streams progress lines, then the report, when asked for NDJSON', async () => {
    const res = await importCsv((await exportCsv()).body, '?dryRun=true', {
      accept: 'application/x-ndjson',
    });
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.body
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(lines[0]).toEqual({
      progress: { phase: 'checking', done: 0, total: expect.any(Number) },
    });
    expect(lines.at(-1)).toEqual({ report: expect.objectContaining({ dryRun: true, added: 0 }) });
  });

  it('refuses a file it cannot read, naming the problem', async () => {
    const cases: Array<[string, number, string]> = [
      ['name,price\nX,1\n', 400, 'The file needs an sku column'],
      ['sku,colour\nX,red\n', 400, 'a column "colour" the store does not know'],
      ['sku,sku\nX,Y\n', 400, 'The column "sku" appears twice.'],
      ['', 400, 'The file is empty'],
      ['sku,name\n"X,unclosed\n', 400, 'Line 2: a quote (") is opened and never closed.'],
      [`sku\n${'A\n'.repeat(100_001)}`, 413, 'more than 100,000 rows'],
    ];
    for (const [text, status, message] of cases) {
      const res = await importCsv(text, '?dryRun=true');
      expect([res.statusCode, res.json().message]).toEqual([
        status,
        expect.stringContaining(message),
      ]);
    }
    const wrongField = csvForm('sku\nX\n', { field: 'upload' });
    const res = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/product/import',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...as(accounts.admin) },
    });
    expect([res.statusCode, res.json().field]).toEqual([400, 'file']);
  });

  it('refuses rows of products changed since the export, and never sets the stock it read', async () => {
    const product = await makeProduct(accounts.t.db, { priceCents: 2000, availableQuantity: 30 });
    const exported = rowsOf((await exportCsv()).body).find((row) => row.sku === product.sku)!;
    // Since the export: another admin changes the price, and an order takes 3 units.
    await accounts.t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product.id}`,
      headers: as(accounts.admin),
      payload: { version: 1, price: 18 },
    });
    const order = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: as(accounts.bob),
      payload: orderBody(product.id, 3),
    });
    expect(order.statusCode).toBe(201);
    const header = 'sku,price,availablequantity,version';
    const stale = `${header}\n${exported.sku},25.00,${exported.availablequantity},${exported.version}\n`;
    const refused = (await importCsv(stale)).json();
    expect(refused).toEqual(
      expect.objectContaining({
        updated: 0,
        rejected: [
          {
            line: 2,
            sku: product.sku,
            message: `sku ${product.sku} changed since this file was exported (version 1 in the file, 2 now): export again, or leave the version column out to apply the file over the changes.`,
          },
        ],
      }),
    );
    // Without the version column the price applies; the stock cell (30) is not taken as a
    // count: the 3 units ordered stay ordered.
    const over = (
      await importCsv(`sku,price,availablequantity\n${product.sku.toLowerCase()},25.00,30\n`)
    ).json();
    expect(over).toEqual(expect.objectContaining({ updated: 1, stockKept: 1, rejectedCount: 0 }));
    const now = (await accounts.t.app.inject({ url: `/api/productDetails/${product.id}` })).json();
    expect(now).toEqual(expect.objectContaining({ price: 25, availablequantity: 27, version: 3 }));
  });

  it("keeps SKUs in capitals and the store's own numbers for the store", async () => {
    const lower = `low-${randomUUID().slice(0, 6)}`;
    const file = [
      'sku,name,description,price,orderquantity,availablequantity',
      `${lower},Lower Part,A part,1,0,5`,
      'P999999,Taken Number,A part,1,0,5',
    ].join('\n');
    const report = (await importCsv(file)).json();
    expect(report).toEqual(
      expect.objectContaining({
        added: 1,
        rejected: [
          {
            line: 3,
            sku: 'P999999',
            message: expect.stringContaining("is one of the store's own numbers"),
          },
        ],
      }),
    );
    const [added] = (await accounts.t.app.inject({ url: '/api/product?q=lower%20part' })).json();
    expect(added.sku).toBe(lower.toUpperCase());
    const viaForm = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: as(accounts.admin),
      payload: {
        name: 'Numbered Part',
        description: 'A part',
        price: 1,
        orderquantity: 0,
        availablequantity: 1,
        img: '/images/products/brake-pads.svg',
        sku: 'p123456',
      },
    });
    expect([viaForm.statusCode, viaForm.json().field]).toEqual([400, 'sku']);
  });

  it('numbers rows as a spreadsheet does, skips empty rows and refuses text that is not UTF-8', async () => {
    const prefix = `ROW-${randomUUID().slice(0, 6)}`.toUpperCase();
    const file = [
      'sku,name,description,price,orderquantity,availablequantity',
      `${prefix}-1,Two Line Part,"First line\r\nsecond line",1,0,5`,
      ',,,,,',
      `${prefix}-2,Bad Price,A part,cheap,0,5`,
      `${prefix}-3,Caf\uFFFD Part,A part,1,0,5`,
      '',
    ].join('\n');
    const report = (await importCsv(file, '?dryRun=true')).json();
    expect(report).toEqual(
      expect.objectContaining({
        rows: 3,
        added: 1,
        rejected: [
          { line: 4, sku: `${prefix}-2`, message: 'price must be a number.' },
          {
            line: 5,
            sku: `${prefix}-3`,
            message: 'name is not UTF-8 text: save the file as "CSV UTF-8" and send it again.',
          },
        ],
      }),
    );
  });

  it('takes a picture kept on imgbb without holding up the batch', async () => {
    const url = `https://i.ibb.co/${randomUUID().slice(0, 8)}/tyre.webp`;
    await accounts.t.db.execute(
      sql`insert into images (content_type, size, uploader_email, external_url)
        values ('image/webp', 1, ${accounts.admin}, ${url})`,
    );
    const sku = `IMG-${randomUUID().slice(0, 6)}`;
    const started = Date.now();
    const report = (
      await importCsv(
        `sku,name,description,price,orderquantity,availablequantity,img\n${sku},Pictured Part,A part,1,0,5,${url}\n`,
      )
    ).json();
    expect(report).toEqual(expect.objectContaining({ added: 1, failure: null }));
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops at a failed batch, says which rows were stored, and finishes when run again', async () => {
    const prefix = `HALF-${randomUUID().slice(0, 6)}`.toUpperCase();
    const lines = ['sku,name,description,price,orderquantity,availablequantity'];
    for (let i = 1; i <= 6; i += 1) lines.push(`${prefix}-${i},Part ${prefix} ${i},A part,1,0,5`);
    const rows = await readPriceList(Readable.from([lines.join('\n')]));
    await accounts.t.db.execute(
      sql.raw(`
      create function refuse_boom() returns trigger as $$
      begin
        if new.sku = '${prefix}-4' then raise exception 'boom'; end if;
        return new;
      end $$ language plpgsql;
      create trigger refuse_boom before insert on products
        for each row execute function refuse_boom();`),
    );
    const actor = { userId: null as unknown as string, email: accounts.admin };
    const failures: unknown[] = [];
    const first = await importRows(rows, {
      db: accounts.t.db,
      actor: { ...actor, userId: await adminId() },
      dryRun: false,
      batchSize: 2,
      onFailure: (error) => failures.push(error),
    });
    expect(first).toEqual(
      expect.objectContaining({
        added: 2,
        failure: {
          firstLineNotStored: 4,
          message: expect.stringContaining('Storing stopped at line 4'),
        },
      }),
    );
    expect(failures).toHaveLength(1);
    const stored = async () =>
      (
        (await accounts.t.db.execute(
          sql`select sku from products where sku like ${`${prefix}-%`} order by sku`,
        )) as unknown as { rows: Array<{ sku: string }> }
      ).rows.map((row) => row.sku);
    // Lines 2 and 3 (one batch) are stored; 4 and 5 (the failed batch) and 6 are not.
    expect(await stored()).toEqual([`${prefix}-1`, `${prefix}-2`]);
    await accounts.t.db.execute(sql`drop trigger refuse_boom on products`);
    const again = await importRows(rows, {
      db: accounts.t.db,
      actor: { ...actor, userId: await adminId() },
      dryRun: false,
      batchSize: 2,
    });
    expect(again).toEqual(expect.objectContaining({ added: 4, unchanged: 2, failure: null }));
    expect(await stored()).toEqual([1, 2, 3, 4, 5, 6].map((i) => `${prefix}-${i}`));
  });

  async function adminId(): Promise<string> {
    const result = (await accounts.t.db.execute(
      sql`select id from users where email = ${accounts.admin}`,
    )) as unknown as { rows: Array<{ id: string }> };
    return result.rows[0]!.id;
  }
});
