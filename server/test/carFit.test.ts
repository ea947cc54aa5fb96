import type { BagFitment } from '../../contract/bagFitment';
import type { Product } from '../../contract/products';
import type { TyreSets } from '../../contract/tyreSets';
import type { Vehicle } from '../../contract/vehicles';
import { issuedGuestBrowser } from './guestBrowser';
import { withAdminAndTwoShoppers } from './accounts';
import { csvForm } from './csvForm';
import { appToken, bearer, uniqueEmail } from './identity';

/**
 * Tyres right for the car (issue 50): the staggered BMW's sets, its OE-marked tyres first, the
 * checkout refusal below the car's load index with its words, the warnings, and the marks in
 * the catalogue's CSV.
 */
describe('tyres right for the car', () => {
  const accounts = withAdminAndTwoShoppers();
  const contact = { name: 'Maria K.', address: '12 Foundry Lane, Springfield', number: '555 0102' };
  const get = async (url: string) => (await accounts.t.app.inject({ url })).json();
  const carNamed = async (make: string, model: string, year: number, engine: string) =>
    (
      (await get(
        `/api/vehicles?make=${make}&model=${encodeURIComponent(model)}&year=${year}`,
      )) as Vehicle[]
    ).find((v) => v.engine === engine)!;
  const bmw = () => carNamed('BMW', '3 Series', 2021, '330i M Sport');
  const productNamed = async (name: string) =>
    ((await get(`/api/product?q=${encodeURIComponent(name)}&limit=5`)) as Product[]).find(
      (p) => p.name === name,
    )!;
  const newShopper = async () => {
    const email = uniqueEmail('driver');
    accounts.tokens[email] = await appToken(accounts.t.app, email, { verified: true });
    return email;
  };
  const put = (email: string, productId: string, quantity: number) =>
    accounts.call(email, 'PUT', `/api/bag/items/${productId}`, { quantity });
  const fitment = async (email: string, vehicle: string, day = '2026-07-01', market = 'DE') =>
    (
      await accounts.call(
        email,
        'GET',
        `/api/bag/fitment?vehicle=${vehicle}&day=${day}${market ? `&market=${market}` : ''}`,
      )
    ).json() as BagFitment;

  it('offers the staggered BMW front and rear as sets, its star-marked model first', async () => {
    const car = await bmw();
    const sets = (await get(`/api/vehicles/${car._id}/sets`)) as TyreSets;
    expect(sets.length).toBeGreaterThanOrEqual(2);
    const [first] = sets;
    expect(first).toMatchObject({
      title: '2 × 225/40 R19 front + 2 × 255/35 R19 rear',
      model: 'Apex Pro',
      oeMark: '★',
      lines: [
        { axle: 'front', quantity: 2, product: { name: 'Apex Pro 225/40 R19 93Y XL ★' } },
        { axle: 'rear', quantity: 2, product: { name: 'Apex Pro 255/35 R19 96Y XL ★' } },
      ],
      price: 799.96,
    });
    expect(sets.map((s) => s.model)).toContain('Velocity Sport');
    // The standard-load 89 is below the car's 93: never in a set.
    const names = sets.flatMap((s) => s.lines.map((l) => l.product.name));
    expect(names).not.toContain('RoadGrip Summer 225/40 R19 89Y');
    for (const set of sets) {
      expect(set.price).toBeCloseTo(
        set.lines.reduce((sum, l) => sum + l.quantity * l.product.price, 0),
        2,
      );
    }
    const golf = await carNamed('VW', 'Golf', 2016, '1.4 TSI');
    expect(await get(`/api/vehicles/${golf._id}/sets`)).toEqual([]);
  });

  it('lists the tyres with the car’s OE mark first, and finds marks by search and filter', async () => {
    const car = await bmw();
    const list = (await get(`/api/product?vehicle=${car._id}&limit=50`)) as Product[];
    const marked = list.map((p) => p.marks.oeMark === '★');
    expect(marked.slice(0, 2)).toEqual([true, true]);
    expect(marked.indexOf(false)).toBe(2);
    expect(marked.lastIndexOf(true)).toBe(1);
    // Without a car, newest first as before: the star-marked tyres are older than most.
    const plain = (await get('/api/product?category=tyre&rim=19&limit=50')) as Product[];
    expect(plain[0]!.marks.oeMark).toBeNull();
    const stars = (await get('/api/product?oeMark=*')) as Product[];
    expect(stars.map((p) => p.name).sort()).toEqual([
      'Apex Pro 225/40 R19 93Y XL ★',
      'Apex Pro 255/35 R19 96Y XL ★',
    ]);
    const found = (await get('/api/product?q=star%20bmw')) as Product[];
    expect(found).toHaveLength(2);
    const xl = (await get('/api/product?reinforced=true&rim=19')) as Product[];
    expect(xl.length).toBeGreaterThan(0);
    expect(xl.every((p) => p.marks.reinforced)).toBe(true);
    const facets = await get(`/api/product/facets?vehicle=${car._id}`);
    expect(facets.oeMark).toEqual([{ value: '★', count: 2 }]);
    expect(facets.reinforced).toBeGreaterThanOrEqual(2);
    const winter = await productNamed('Alpine Winter 225/45 R18 95Y XL');
    expect(winter.marks).toEqual({
      oeMark: null,
      runFlat: false,
      reinforced: true,
      threePeak: true,
      mudSnow: true,
    });
  });

  it('refuses checkout below the car’s load index with the numbers, unless for no car or another', async () => {
    const car = await bmw();
    const email = await newShopper();
    const weak = await productNamed('RoadGrip Summer 225/40 R19 89Y');
    expect((await put(email, weak._id, 2)).statusCode).toBe(200);
    const { findings } = await fitment(email, car._id);
    expect(findings).toContainEqual({
      level: 'refusal',
      rule: 'loadIndex',
      productId: weak._id,
      message: 'This car needs load index 93 or more; this tyre is 89.',
    });
    const refused = await accounts.call(email, 'POST', '/api/checkout', {
      ...contact,
      vehicle: car._id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'RoadGrip Summer 225/40 R19 89Y: This car needs load index 93 or more; this tyre is 89. ' +
        'These tyres are not right for your BMW 3 Series G20 330i M Sport (2019 on). Change ' +
        'them, or check out for another car or none.',
    );
    // The bag is as it was: nothing was placed.
    const bag = (await accounts.call(email, 'GET', '/api/bag')).json();
    expect(bag.items).toHaveLength(1);
    // For another car whose load it carries (a Fiat 500 needs 82), or for none, it goes through.
    const fiat = await carNamed('Fiat', '500', 2015, '1.2');
    const other = await accounts.call(email, 'POST', '/api/checkout', {
      ...contact,
      vehicle: fiat._id,
    });
    expect(other.statusCode).toBe(201);

    // A guest's checkout for the car is refused the same, nothing placed; for no car it goes.
    const asGuest = (vehicle: string | null) =>
      accounts.call(
        null,
        'POST',
        '/api/guest/checkout',
        {
          ...contact,
          email: uniqueEmail('guest-driver'),
          vehicle,
          items: [{ productId: weak._id, quantity: 2 }],
        },
        { 'guest-browser': issuedGuestBrowser() },
      );
    const guest = await asGuest(car._id);
    expect(guest.statusCode).toBe(409);
    expect(guest.json().message).toBe(refused.json().message);
    expect((await asGuest(null)).statusCode).toBe(201);
  });

  it('goes through for a correct set of the car, and for no car', async () => {
    const car = await bmw();
    const email = await newShopper();
    const [set] = (await get(`/api/vehicles/${car._id}/sets`)) as TyreSets;
    for (const line of set!.lines) await put(email, line.product._id, line.quantity);
    expect((await fitment(email, car._id)).findings).toEqual([]);
    const placed = await accounts.call(email, 'POST', '/api/checkout', {
      ...contact,
      vehicle: car._id,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().total).toBeCloseTo(set!.price, 2);
    const none = await newShopper();
    await put(none, (await productNamed('RoadGrip Summer 225/40 R19 89Y'))._id, 2);
    const noCar = await accounts.call(none, 'POST', '/api/checkout', { ...contact, vehicle: null });
    expect(noCar.statusCode).toBe(201);
  });

  it('warns of mixed models on an axle, of mixed tread on four-wheel drive, and of a summer tyre in a German winter', async () => {
    const car = await bmw();
    const email = await newShopper();
    await put(email, (await productNamed('Apex Pro 225/40 R19 93Y XL ★'))._id, 2);
    await put(email, (await productNamed('Velocity Sport 225/40 R19 93Y XL'))._id, 2);
    await put(email, (await productNamed('Apex Pro 255/35 R19 96Y XL ★'))._id, 2);
    const summer = await fitment(email, car._id);
    expect(summer.findings).toEqual([
      {
        level: 'warning',
        rule: 'mixedAxle',
        productId: null,
        message:
          'Different tyres on the front axle: Apex Pro and Velocity Sport. Fit the same model on both sides of an axle.',
      },
    ]);
    const winter = await fitment(email, car._id, '2026-12-01');
    expect(winter.findings.filter((f) => f.rule === 'winterLaw')).toHaveLength(3);
    expect(winter.findings.find((f) => f.rule === 'winterLaw')!.message).toBe(
      'Apex Pro 225/40 R19 93Y XL ★ is a summer tyre, and Germany’s situational winter tyre law ' +
        '(StVO § 2 (3a)) requires winter tyres (3PMSF) in black ice, snow, slush or frost. ' +
        'Choose a winter or all-season tyre for these months.',
    );
    // The law is the shopper's market's: none in Britain or the US, nor for a check naming none.
    for (const market of ['GB', 'US', '']) {
      const elsewhere = await fitment(email, car._id, '2026-12-01', market);
      expect({ market, rules: elsewhere.findings.map((f) => f.rule) }).toEqual({
        market,
        rules: ['mixedAxle'],
      });
    }
    // A guest's bag (kept in the browser) is checked the same, without signing in.
    const bag = (await accounts.call(email, 'GET', '/api/bag')).json() as {
      items: Array<{ productId: string; quantity: number }>;
    };
    const items = bag.items.map((item) => `${item.productId}:${item.quantity}`).join(',');
    const guest = await accounts.call(
      null,
      'GET',
      `/api/vehicles/${car._id}/fitment?items=${items}&day=2026-12-01&market=DE`,
    );
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual(winter);
    const badLines = await accounts.call(null, 'GET', `/api/vehicles/${car._id}/fitment?items=x`);
    expect(badLines.statusCode).toBe(400);

    // A warning never stops checkout.
    const placed = await accounts.call(email, 'POST', '/api/checkout', {
      ...contact,
      vehicle: car._id,
    });
    expect(placed.statusCode).toBe(201);

    // A four-wheel-drive car of one size all round, added by the fitments CSV.
    const form = csvForm(
      'make,model,generation,engine,yearFrom,yearTo,front,frontLoadIndex,frontSpeedRating,fourWheelDrive\n' +
        'Subaru,Impreza,V,2.0i AWD,2017,,205/55 R16,91,H,yes\n',
    );
    const imported = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/vehicles/import',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(accounts.tokens[accounts.admin]!) },
    });
    expect(imported.json()).toMatchObject({ added: 1, rejectedCount: 0 });
    const subaru = await carNamed('Subaru', 'Impreza', 2020, '2.0i AWD');
    expect(subaru.fourWheelDrive).toBe(true);
    const awd = await newShopper();
    await put(awd, (await productNamed('RoadGrip Summer 205/55 R16 91V'))._id, 2);
    await put(awd, (await productNamed('Nordica Winter Grip 205/55 R16 94H XL'))._id, 2);
    expect((await fitment(awd, subaru._id)).findings).toEqual([
      {
        level: 'warning',
        rule: 'fourWheelDrive',
        productId: null,
        message:
          'This car has four-wheel drive: fit the same model (the same tread) on all four wheels, not RoadGrip Summer and Nordica Winter Grip, or the drivetrain may be strained.',
      },
    ]);
  });

  it('reads and writes the marks in the catalogue CSV, naming a bad row by line', async () => {
    const as = bearer(accounts.tokens[accounts.admin]!);
    const exported = await accounts.t.app.inject({ url: '/api/product/export.csv', headers: as });
    const header = exported.body.replace(/^\uFEFF/, '').split('\n')[0]!;
    expect(header).toContain('labelEprel,oeMark,runFlat,reinforced,threePeak,mudSnow,status');
    expect(exported.body).toMatch(/Apex Pro 225\/40 R19 93Y XL ★,.*,★,no,yes,no,no,active,/);
    const file =
      'sku,name,description,price,orderquantity,availablequantity,oeMark,runFlat\n' +
      'MARK-1,Corsa RS 245/35 R20 95Y XL MO,Summer tyre.,220.00,2,10,,\n' +
      'MARK-2,Corsa RS 245/35 R20 95Y,Summer tyre.,210.00,2,10,XX,\n' +
      'MARK-3,Corsa RS 275/30 R20 97Y,Summer tyre.,230.00,2,10,AO,maybe\n' +
      'MARK-4,Corsa RS 275/30 R20 97Y XL,Summer tyre.,240.00,2,10,*,yes\n';
    const form = csvForm(file);
    const res = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/product/import',
      payload: form.payload,
      headers: { ...form.headers, ...as },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, rejectedCount: 2 });
    expect(res.json().rejected).toEqual([
      expect.objectContaining({
        line: 3,
        sku: 'MARK-2',
        message: expect.stringMatching(/^oeMark must be an OE mark the store knows \(★, MO, /),
      }),
      expect.objectContaining({ line: 4, sku: 'MARK-3', message: 'runFlat must be yes or no.' }),
    ]);
    // Read from the name where the cells are empty; as the cells say where they are filled.
    expect((await productNamed('Corsa RS 245/35 R20 95Y XL MO')).marks).toMatchObject({
      oeMark: 'MO',
      reinforced: true,
      runFlat: false,
    });
    expect((await productNamed('Corsa RS 275/30 R20 97Y XL')).marks).toMatchObject({
      oeMark: '★',
      runFlat: true,
    });
  });
});
