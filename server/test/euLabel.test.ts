import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { EuLabel } from '../../contract/euLabel';
import { euLabelCopy } from '../../contract/euLabelCopy';
import { withAdminAndTwoShoppers } from './accounts';
import { bearer } from './identity';

/** The EU tyre label (issue 32): checked on the way in, filtered and counted, in the CSV. */

const summer: EuLabel = {
  fuel: 'B',
  wetGrip: 'A',
  noiseDb: 70,
  noiseClass: 'B',
  snow: false,
  ice: false,
  eprel: '402816',
};

/** A multipart form with one CSV file in the field `file`. */
function csvForm(text: string) {
  const boundary = `----csv${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the EU tyre label', () => {
  const accounts = withAdminAndTwoShoppers();
  const asAdmin = () => bearer(accounts.tokens[accounts.admin]!);
  const add = (payload: Record<string, unknown>) =>
    accounts.t.app.inject({ method: 'POST', url: '/api/product', headers: asAdmin(), payload });
  const tyre = (name: string, euLabel: EuLabel | null, extra: Record<string, unknown> = {}) => ({
    name,
    description: 'A tyre of the label test',
    price: 80,
    orderquantity: 1,
    availablequantity: 10,
    img: '/images/products/summer-tyre.svg',
    euLabel,
    ...extra,
  });
  const get = async (url: string) => {
    const res = await accounts.t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('stores a tyre with its label and shows it in the product JSON', async () => {
    const res = await add(tyre('Labelled Summer 205/55 R16 91V', summer));
    expect(res.statusCode).toBe(201);
    expect(res.json().euLabel).toEqual(summer);
    expect((await get(`/api/productDetails/${res.json()._id}`)).euLabel).toEqual(summer);
    const none = await add(tyre('Unlabelled Summer 205/55 R16 91V', null));
    expect(none.json().euLabel).toBeNull();
  });

  it.each([
    [{ fuel: 'F' }, `${euLabelCopy.fields.fuel} must be one of: A, B, C, D, E.`],
    [{ wetGrip: 'a' }, `${euLabelCopy.fields.wetGrip} must be one of: A, B, C, D, E.`],
    [{ noiseDb: 49 }, `${euLabelCopy.fields.noiseDb} must be 50 or more.`],
    [{ noiseDb: 91 }, `${euLabelCopy.fields.noiseDb} can be at most 90.`],
    [{ noiseDb: 70.5 }, `${euLabelCopy.fields.noiseDb} must be a whole number.`],
    [{ noiseClass: 'D' }, `${euLabelCopy.fields.noiseClass} must be one of: A, B, C.`],
    [{ snow: 'yes' }, `${euLabelCopy.fields.snow} must be true or false.`],
    [{ ice: 1 }, `${euLabelCopy.fields.ice} must be true or false.`],
    [{ eprel: 'EU-12' }, `${euLabelCopy.fields.eprel} ${euLabelCopy.eprelProblem}.`],
  ])('refuses a label with %j in words, naming the field', async (bad, message) => {
    const res = await add(tyre('Bad label 205/55 R16', { ...summer, ...bad } as EuLabel));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message, field: 'euLabel' }));
    expect(res.json().message).not.toMatch(/body|\/|euLabel/);
  });

  it('refuses a label without a field, and one on a wheel or a part', async () => {
    const { ice: _ice, ...noIce } = summer;
    const missing = await add(tyre('Half label 205/55 R16', noIce as EuLabel));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Ice symbol is required/);
    for (const category of ['wheel', 'part']) {
      const res = await add(tyre('Forge Alloy Wheel 17x7.5', summer, { category }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(
        expect.objectContaining({ message: euLabelCopy.tyresOnly, field: 'euLabel' }),
      );
    }
  });

  it('edits a label, removes it, and takes it away with the tyre category', async () => {
    const created = (await add(tyre('Edited Summer 205/55 R16 91V', summer))).json();
    const patch = (payload: Record<string, unknown>) =>
      accounts.t.app.inject({
        method: 'PATCH',
        url: `/api/product/${created._id}`,
        headers: asAdmin(),
        payload,
      });
    const louder = await patch({ version: 1, euLabel: { ...summer, noiseDb: 72 } });
    expect(louder.json()).toEqual(
      expect.objectContaining({ version: 2, euLabel: { ...summer, noiseDb: 72 } }),
    );
    // The same label again changes nothing.
    expect((await patch({ version: 2, euLabel: { ...summer, noiseDb: 72 } })).json().version).toBe(
      2,
    );
    const history = await accounts.t.app.inject({
      url: `/api/product/${created._id}/history`,
      headers: asAdmin(),
    });
    expect(history.json()[0].changes).toEqual([
      {
        field: 'euLabel',
        from: 'Fuel B · Wet grip A · 70 dB (B) · EPREL 402816',
        to: 'Fuel B · Wet grip A · 72 dB (B) · EPREL 402816',
      },
    ]);
    const part = await patch({ version: 2, category: 'part', euLabel: summer });
    expect(part.json().message).toBe(euLabelCopy.tyresOnly);
    const moved = await patch({ version: 2, category: 'part' });
    expect(moved.json()).toEqual(expect.objectContaining({ category: 'part', euLabel: null }));
    const back = await patch({ version: 3, category: 'tyre', euLabel: summer });
    expect(back.json().euLabel).toEqual(summer);
    expect((await patch({ version: 4, euLabel: null })).json().euLabel).toBeNull();
  });

  describe('filters and their counts', () => {
    const word = `lbl${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const labels: Array<EuLabel | null> = [
      { ...summer, fuel: 'A', wetGrip: 'A', noiseDb: 68 },
      { ...summer, fuel: 'B', wetGrip: 'B', noiseDb: 70 },
      { ...summer, fuel: 'C', wetGrip: 'A', noiseDb: 72, snow: true },
      { ...summer, fuel: 'E', wetGrip: 'C', noiseDb: 74, snow: true, ice: true },
      null,
    ];
    beforeAll(async () => {
      for (const [i, label] of labels.entries()) {
        const res = await add(tyre(`Filter ${word} ${i} 205/55 R16`, label));
        expect(res.statusCode).toBe(201);
      }
    });
    const names = async (query: string) =>
      (await get(`/api/product?q=${word}&${query}`))
        .map((p: { name: string }) => Number(p.name.split(' ')[2]))
        .sort();

    it('finds the tyres of a class or better, at most so loud, with the snow symbol', async () => {
      expect(await names('fuel=B')).toEqual([0, 1]);
      expect(await names('wetGrip=A')).toEqual([0, 2]);
      expect(await names('wetGrip=C')).toEqual([0, 1, 2, 3]);
      expect(await names('maxNoise=70')).toEqual([0, 1]);
      expect(await names('snow=true')).toEqual([2, 3]);
      expect(await names('fuel=C&snow=true&maxNoise=72')).toEqual([2]);
      expect(await names('snow=false')).toEqual([0, 1, 2, 3, 4]);
    });

    it('counts each value as "this or better", from every filter but its own', async () => {
      const facets = await get(`/api/product/facets?q=${word}&wetGrip=A`);
      expect(facets.fuel).toEqual([
        { value: 'A', count: 1 },
        { value: 'B', count: 1 },
        { value: 'C', count: 2 },
        { value: 'D', count: 2 },
        { value: 'E', count: 2 },
      ]);
      // Its own filter aside: every wet-grip class counted.
      expect(facets.wetGrip.map((f: { count: number }) => f.count)).toEqual([2, 3, 4, 4, 4]);
      expect(facets.maxNoise).toEqual([
        { value: 68, count: 1 },
        { value: 72, count: 2 },
      ]);
      expect(facets.snow).toBe(1);
      // A noise picked is listed even when no tyre has exactly that one.
      const picked = await get(`/api/product/facets?q=${word}&maxNoise=71`);
      expect(picked.maxNoise).toEqual([
        { value: 68, count: 1 },
        { value: 70, count: 2 },
        { value: 71, count: 2 },
        { value: 72, count: 3 },
        { value: 74, count: 4 },
      ]);
      expect(picked.category).toEqual(expect.arrayContaining([{ value: 'tyre', count: 2 }]));
    });

    it('refuses a filter value it does not know, in words', async () => {
      for (const [query, message] of [
        ['fuel=F', 'fuel must be one of: A, B, C, D, E.'],
        ['maxNoise=loud', 'maxNoise must be a whole number.'],
        ['maxNoise=200', 'maxNoise can be at most 90.'],
      ]) {
        const res = await accounts.t.app.inject({ url: `/api/product?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    });
  });

  describe('in the CSV', () => {
    const exportRows = async () => {
      const res = await accounts.t.app.inject({
        url: '/api/product/export.csv',
        headers: asAdmin(),
      });
      return parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    };
    const importCsv = async (text: string) => {
      const form = csvForm(text);
      const res = await accounts.t.app.inject({
        method: 'POST',
        url: '/api/product/import',
        payload: form.payload,
        headers: { ...form.headers, ...asAdmin() },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const header =
      'sku,name,description,price,orderquantity,availablequantity,labelFuel,labelWetGrip,labelNoiseDb,labelNoiseClass,labelSnow,labelIce,labelEprel';

    it('exports the label, and the export imported again changes nothing', async () => {
      const rows = await exportRows();
      const first = rows.find((row) => row.sku === 'P000001')!;
      expect(first).toEqual(
        expect.objectContaining({
          labelFuel: 'B',
          labelWetGrip: 'A',
          labelNoiseDb: '70',
          labelNoiseClass: 'B',
          labelSnow: 'no',
          labelIce: 'no',
          labelEprel: '',
        }),
      );
      const wheel = rows.find((row) => row.category === 'wheel')!;
      expect(wheel.labelFuel).toBe('');
      const before = (
        await accounts.t.app.inject({
          url: '/api/product/export.csv',
          headers: asAdmin(),
        })
      ).body;
      const report = await importCsv(before);
      expect(report).toEqual(expect.objectContaining({ updated: 0, rejectedCount: 0 }));
    });

    it('adds, changes and removes labels, and reports a bad line by its number', async () => {
      const sku = `EU-${randomUUID().slice(0, 6)}`.toUpperCase();
      const line = (cells: string) =>
        `${sku},Csv Winter 205/55 R16 91H,Winter tyre,90.00,1,10,${cells}`;
      const added = await importCsv(`${header}\n${line('C,B,71,B,yes,no,123456')}\n`);
      expect(added).toEqual(expect.objectContaining({ added: 1, rejectedCount: 0 }));
      const mine = async () => (await exportRows()).find((row) => row.sku === sku)!;
      expect(await mine()).toEqual(
        expect.objectContaining({ labelFuel: 'C', labelSnow: 'yes', labelEprel: '123456' }),
      );
      const changed = await importCsv(`${header}\n${line('C,B,71,B,yes,true,123456')}\n`);
      expect(changed).toEqual(expect.objectContaining({ updated: 1 }));
      expect((await mine()).labelIce).toBe('yes');

      const other = `EU-${randomUUID().slice(0, 6)}`.toUpperCase();
      const bad = await importCsv(
        [
          header,
          line('C,B,71,B,yes,yes,123456'),
          `${other},Csv Part,A part,9.00,1,10,F,B,71,B,no,no,`,
          `${other},Csv Part,A part,9.00,1,10,C,,71,B,no,no,`,
          `${other},Csv Part,A part,9.00,1,10,C,B,71,B,maybe,no,`,
          `${other},Csv Part,A part,9.00,1,10,C,B,99,B,no,no,`,
        ].join('\n'),
      );
      expect(bad.rejected).toEqual([
        { line: 3, sku: other, message: 'labelFuel must be one of: A, B, C, D, E.' },
        { line: 4, sku: other, message: euLabelCopy.partial('labelWetGrip') },
        { line: 5, sku: other, message: 'labelSnow must be yes or no.' },
        { line: 6, sku: other, message: 'labelNoiseDb can be at most 90.' },
      ]);
      const part = await importCsv(
        `${header},category\n${other},Csv Part,A part,9.00,1,10,C,B,71,B,no,no,,part\n`,
      );
      expect(part.rejected).toEqual([{ line: 2, sku: other, message: euLabelCopy.tyresOnly }]);

      // Its cells all empty: no label.
      const removed = await importCsv(`${header}\n${line(',,,,,,')}\n`);
      expect(removed).toEqual(expect.objectContaining({ updated: 1 }));
      expect((await mine()).labelFuel).toBe('');
      // No label columns in the file: the label is not touched.
      await importCsv(`${header}\n${line('A,A,68,A,no,no,')}\n`);
      await importCsv(`sku,price\n${sku},91.00\n`);
      expect(await mine()).toEqual(expect.objectContaining({ price: '91.00', labelFuel: 'A' }));
    });
  });
});
