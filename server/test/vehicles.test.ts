import { seedVehicles } from '../src/db/seed-vehicles';
import { formatTyreSize } from '../../contract/tyreSize';
import type { Product } from '../../contract/products';
import type { Vehicle } from '../../contract/vehicles';
import { filterOf } from '../src/catalog/productFilter';
import { facetsFromDatabase, searchProducts } from '../src/catalog/productSearchSql';
import { alternativeSizes } from '../../contract/sizeAlternatives';
import { originalSizes } from '../src/vehicles/vehicleSizes';
import { withAdminAndTwoShoppers } from './accounts';
import { csvForm } from './csvForm';
import { bearer } from './identity';
import { startTestApp, type TestApp } from './testApp';

describe('vehicles API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };
  const golf = async (): Promise<Vehicle> => {
    const { body } = await get('/api/vehicles?make=VW&model=Golf&year=2016');
    return (body as Vehicle[]).find((v) => v.generation === 'VII' && v.engine === '1.4 TSI')!;
  };
  const sizesOf = (list: Product[]) =>
    [
      ...new Set(
        list.map((p) => formatTyreSize({ width: p.width!, aspect: p.aspect!, rim: p.rim! })),
      ),
    ].sort();

  it('seeds at least 60 car versions, each with tyres of its original sizes in the catalogue', async () => {
    expect(seedVehicles.length).toBeGreaterThanOrEqual(60);
    const { body: products } = await get('/api/product');
    const sizes = new Set((products as Product[]).map((p) => `${p.width}/${p.aspect}/${p.rim}`));
    for (const v of seedVehicles) {
      for (const s of [v.front, v.rear]) expect(sizes).toContain(`${s.width}/${s.aspect}/${s.rim}`);
    }
  });

  it('knows the staggered BMW M Sport per axle: sizes, load, speed, OE mark, winter size', async () => {
    const versions = (await get('/api/vehicles?make=BMW&model=3%20Series&year=2021'))
      .body as Vehicle[];
    expect(versions.find((v) => v.engine === '330i M Sport')).toMatchObject({
      front: { width: 225, aspect: 40, rim: 19 },
      rear: { width: 255, aspect: 35, rim: 19 },
      frontMinimum: { loadIndex: 93, speedRating: 'Y' },
      rearMinimum: { loadIndex: 95, speedRating: 'Y' },
      factorySizes: [
        { front: { width: 225, aspect: 45, rim: 18 }, rear: { width: 225, aspect: 45, rim: 18 } },
      ],
      tpms: true,
      oeMarks: ['★'],
    });
    const glc = (await get('/api/vehicles/search?q=glc')).body as Array<{ vehicle: Vehicle }>;
    expect(glc[0]!.vehicle).toMatchObject({ fourWheelDrive: true, oeMarks: ['MO'] });
  });

  it('lists makes, models, years and versions: only what exists', async () => {
    const makes = (await get('/api/vehicles/makes')).body as string[];
    expect(makes).toEqual(expect.arrayContaining(['VW', 'BMW', 'Skoda', 'Renault']));
    expect(makes).toEqual([...makes].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await get('/api/vehicles/models?make=VW')).body).toEqual(
      expect.arrayContaining(['Golf', 'Polo', 'Passat']),
    );
    expect((await get('/api/vehicles/models?make=vw')).body).toContain('Golf');
    expect((await get('/api/vehicles/models?make=Trabant')).body).toEqual([]);
    const years = (await get('/api/vehicles/years?make=VW&model=Golf')).body as number[];
    expect(years).toContain(2016);
    expect(years).toContain(2012);
    expect(years).not.toContain(2011);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const versions = (await get('/api/vehicles?make=VW&model=Golf&year=2016')).body as Vehicle[];
    expect(versions.map((v) => `${v.generation} ${v.engine}`)).toEqual(
      expect.arrayContaining(['VII 1.4 TSI', 'VII 2.0 TDI', 'VII GTI 2.0 TSI']),
    );
    expect(versions.every((v) => v.generation === 'VII')).toBe(true);
    expect(await golf()).toMatchObject({
      make: 'VW',
      yearFrom: 2012,
      yearTo: 2020,
      front: { width: 205, aspect: 55, rim: 16 },
      rear: { width: 205, aspect: 55, rim: 16 },
    });
  });

  it('gives a car by id, and refuses what is not one in words', async () => {
    const car = await golf();
    expect((await get(`/api/vehicles/${car._id}`)).body).toEqual(car);
    const missing = await get('/api/vehicles/00000000-0000-4000-8000-000000000000');
    expect(missing).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'No car with this id.' }),
    });
    const noYear = await get('/api/vehicles?make=VW&model=Golf&year=soon');
    expect(noYear.status).toBe(400);
    expect(noYear.body.message).not.toMatch(/querystring|\/year/);
  });

  it('finds cars typed in the search box, with the year typed', async () => {
    const found = (await get('/api/vehicles/search?q=golf%202016')).body as Array<{
      vehicle: Vehicle;
      year: number | null;
    }>;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((m) => m.vehicle.model === 'Golf' && m.year === 2016)).toBe(true);
    expect(found.map((m) => m.vehicle.generation)).not.toContain('VIII');
    const byMake = (await get('/api/vehicles/search?q=volkswagen%20golf')).body as unknown[];
    expect(byMake.length).toBeGreaterThan(0);
    expect((await get('/api/vehicles/search?q=2016')).body).toEqual([]);
  });

  it('filters the shop to the car: original sizes, then the alternatives apart', async () => {
    const car = await golf();
    const { body: originals } = await get(`/api/product?vehicle=${car._id}&limit=100`);
    expect(sizesOf(originals)).toEqual(['205/55 R16']);
    expect(originals.length).toBeGreaterThanOrEqual(2);

    const { body: alternatives } = await get(
      `/api/product?vehicle=${car._id}&alternatives=true&limit=100`,
    );
    // 195/55 R16 is −1.7 %, 225/45 R17 +0.4 %; never the original size.
    expect(sizesOf(alternatives)).toEqual(['195/55 R16', '225/45 R17']);

    const facets = (await get(`/api/product/facets?vehicle=${car._id}`)).body;
    expect(facets.width.filter((f: { count: number }) => f.count > 0)).toEqual([
      { value: 205, count: originals.length },
    ]);
    const altFacets = (await get(`/api/product/facets?vehicle=${car._id}&alternatives=true`)).body;
    expect(
      altFacets.rim
        .filter((f: { count: number }) => f.count > 0)
        .map((f: { value: number }) => f.value),
    ).toEqual([16, 17]);

    // The database's search (when the index cannot be trusted) keeps the same products.
    const sql = await searchProducts(
      t.db,
      filterOf({}, alternativeSizes(originalSizes(car))),
      'newest',
      {
        limit: 100,
        offset: 0,
      },
    );
    expect(sizesOf(sql.products)).toEqual(['195/55 R16', '225/45 R17']);
    const sqlFacets = await facetsFromDatabase(t.db, filterOf({}, originalSizes(car)));
    expect(sqlFacets).toEqual(facets);

    // With other filters as usual: only the car's winter tyres.
    const { body: winter } = await get(`/api/product?vehicle=${car._id}&season=winter`);
    expect(winter.every((p: Product) => p.season === 'winter' && p.width === 205)).toBe(true);
  });

  it('filters a car with two sizes to both, front and rear', async () => {
    const { body } = await get('/api/vehicles?make=Porsche&model=911&year=2022');
    const porsche = (body as Vehicle[])[0]!;
    const { body: products } = await get(`/api/product?vehicle=${porsche._id}`);
    expect(sizesOf(products)).toEqual(['235/40 R20', '295/35 R21']);
  });

  it('refuses alternatives without a car and a car it does not know, in words', async () => {
    const alone = await get('/api/product?alternatives=true');
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe('alternatives=true needs a car: give vehicle as well.');
    const unknown = await get('/api/product?vehicle=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No car with this id.');
  });
});

describe('car fitments CSV', () => {
  const accounts = withAdminAndTwoShoppers();
  const as = (email: string) => bearer(accounts.tokens[email]!);
  const importCsv = (text: string, query = '', email = accounts.admin) => {
    const form = csvForm(text, { filename: 'cars.csv' });
    return accounts.t.app.inject({
      method: 'POST',
      url: `/api/vehicles/import${query}`,
      payload: form.payload,
      headers: { ...form.headers, ...as(email) },
    });
  };
  const models = async (make: string) =>
    (await accounts.t.app.inject({ url: `/api/vehicles/models?make=${make}` })).json();

  const file = [
    'make,model,generation,engine,yearFrom,yearTo,front,rear',
    'Lada,Niva,,1.7,1977,,175/80 R16,',
    'Lada,Vesta,,1.6,2015,,185/65 R15,',
    'Lada,Granta,,1.6,2011,2005,175/65 R14,', // years upside down
    'Lada,Kalina,,,2004,2018,175/65 R14,', // no engine
    'Lada,Largus,,1.6,2012,,185/65 X15,', // not a size
    'Lada,Niva,,1.7,1977,,185/75 R16,', // the same car again
    'VW,Golf,VII,1.4 TSI,2012,2020,205/55 R16,', // as stored
    'VW,Golf,VII,2.0 TDI,2012,2020,225/45 R17,', // a new size
  ].join('\n');

  it('checks a file without storing it (dry run), with the rejected rows by line', async () => {
    const res = await importCsv(file, '?dryRun=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dryRun: true,
      rows: 8,
      added: 2,
      updated: 1,
      unchanged: 1,
      rejectedCount: 4,
      rejected: [
        { line: 4, car: 'Lada Granta 1.6', message: 'The last year is before the first one.' },
        { line: 5, car: 'Lada Kalina', message: 'engine is required.' },
        {
          line: 6,
          car: 'Lada Largus 1.6',
          message: 'front must be a tyre size as the sidewall writes it, for example 205/55 R16.',
        },
        { line: 7, car: 'Lada Niva 1.7', message: 'This car is on line 2 already.' },
      ],
    });
    expect(await models('Lada')).toEqual([]);
  });

  it('stores the valid rows, lists them at once, and exports them back', async () => {
    const res = await importCsv(file, '', accounts.admin);
    expect(res.json()).toMatchObject({ dryRun: false, added: 2, updated: 1, rejectedCount: 4 });
    expect(await models('Lada')).toEqual(['Niva', 'Vesta']);
    const exported = await accounts.t.app.inject({
      url: '/api/vehicles/export.csv',
      headers: as(accounts.admin),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Lada,Niva,,1.7,1977,,175/80 R16,');
    expect(exported.body).toContain('VW,Golf,VII,2.0 TDI,2012,2020,225/45 R17,');
    // The export read back changes nothing.
    const again = await importCsv(exported.body.replace(/^\uFEFF/, ''), '?dryRun=true');
    expect(again.json()).toMatchObject({ added: 0, updated: 0, rejectedCount: 0 });
  });

  it('reads what a car needs of its tyres per axle, naming a bad row by line', async () => {
    const needsFile = [
      'make,model,generation,engine,yearFrom,yearTo,front,rear,frontLoadIndex,frontSpeedRating,' +
        'rearLoadIndex,rearSpeedRating,factorySizes,runFlat,tpms,fourWheelDrive,oeMarks',
      'BMW,4 Series,G22,M440i xDrive,2020,,225/40 R19,255/35 R19,93,Y,96,Y,' +
        '225/45 R18; 225/40 R19 + 255/35 R19,no,yes,yes,*',
      'BMW,4 Series,G22,420i,2020,,225/45 R18,,91,Q9,,,,,,,',
      'BMW,4 Series,G22,430i,2020,,225/45 R18,,9,V,,,,,,,',
      'Audi,RS6,C8,4.0 TFSI,2019,,285/30 R22,,101,Y,,,285/35 R21 +,,,,AO',
      'Audi,RS6,C8,4.0 TFSI quattro,2019,,285/30 R22,,101,Y,,,,maybe,,,',
      'Audi,A8,D5,50 TDI,2018,,255/45 R19,,104,Y,,,,,,,XX',
    ].join('\n');
    const res = await importCsv(needsFile);
    expect(res.json()).toMatchObject({ added: 1, rejectedCount: 5 });
    expect(res.json().rejected).toEqual([
      {
        line: 3,
        car: 'BMW 4 Series G22 420i',
        message:
          'frontSpeedRating must be a speed rating (L, M, N, P, Q, R, S, T, U, H, V, W, Y), or empty.',
      },
      {
        line: 4,
        car: 'BMW 4 Series G22 430i',
        message: 'frontLoadIndex must be a load index from 50 to 169, as in 94, or empty.',
      },
      {
        line: 5,
        car: 'Audi RS6 C8 4.0 TFSI',
        message: expect.stringMatching(/^factorySizes: "285\/35 R21 \+" is not a size\./),
      },
      { line: 6, car: 'Audi RS6 C8 4.0 TFSI quattro', message: 'runFlat must be yes or no.' },
      {
        line: 7,
        car: 'Audi A8 D5 50 TDI',
        message: expect.stringMatching(
          /^oeMarks: "XX" is not an OE mark the store knows \(★, MO, /,
        ),
      },
    ]);
    const [car] = (
      await accounts.t.app.inject({ url: '/api/vehicles?make=BMW&model=4%20Series&year=2021' })
    ).json() as Vehicle[];
    expect(car).toMatchObject({
      engine: 'M440i xDrive',
      front: { width: 225, aspect: 40, rim: 19 },
      rear: { width: 255, aspect: 35, rim: 19 },
      frontMinimum: { loadIndex: 93, speedRating: 'Y' },
      rearMinimum: { loadIndex: 96, speedRating: 'Y' },
      factorySizes: [
        { front: { width: 225, aspect: 45, rim: 18 }, rear: { width: 225, aspect: 45, rim: 18 } },
        { front: { width: 225, aspect: 40, rim: 19 }, rear: { width: 255, aspect: 35, rim: 19 } },
      ],
      runFlat: false,
      tpms: true,
      fourWheelDrive: true,
      oeMarks: ['★'],
    });
    const exported = await accounts.t.app.inject({
      url: '/api/vehicles/export.csv',
      headers: as(accounts.admin),
    });
    expect(exported.body).toContain(
      'BMW,4 Series,G22,M440i xDrive,2020,,225/40 R19,255/35 R19,93,Y,96,Y,' +
        '225/45 R18; 225/40 R19 + 255/35 R19,no,yes,yes,★',
    );
    // A file without the new columns keeps what the store knows of them.
    const sizesOnly =
      'make,model,generation,engine,yearFrom,yearTo,front,rear\n' +
      'BMW,4 Series,G22,M440i xDrive,2020,,225/40 R19,255/35 R19\n';
    expect((await importCsv(sizesOnly, '?dryRun=true')).json()).toMatchObject({ unchanged: 1 });
  });

  it('is for admins only, and refuses a file with unknown columns in words', async () => {
    expect((await importCsv(file, '', accounts.alice)).statusCode).toBe(403);
    const odd = await importCsv('make,model,colour\nVW,Golf,red\n');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toMatch(/column "colour" the store does not know/);
  });
});
