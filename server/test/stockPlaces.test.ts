import { and, eq } from 'drizzle-orm';
import type { Slots } from '../../contract/appointments';
import type { FittingCentre } from '../../contract/fittingCentres';
import type { PlacedProducts, StockPlace, StockPlaces } from '../../contract/stockPlaces';
import { addDays } from '../src/appointments/centreTime';
import { stockPlaceWords } from '../src/appointments/stockPlaceWords';
import { auditEvents } from '../src/db/schema';
import { seedCentres } from '../src/fittingCentres/centreSeed';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct } from './fixtures';

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('stock places and lead times', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call, admin } = accounts;
  const db = () => accounts.t.db;
  let counter = 0;

  /** A centre open every day 08:00–12:00 in UTC. */
  async function aCentre(): Promise<FittingCentre> {
    counter += 1;
    const res = await call(admin, 'POST', '/api/fitting-centres', {
      ...seedCentres[0]!,
      code: `PLACES-${counter}`,
      name: `Places Centre ${counter}`,
      timeZone: 'UTC',
      hours: Array.from({ length: 7 }, () => ({ opens: '08:00', closes: '12:00' })),
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  const view = async () => (await call(admin, 'GET', '/api/stock-places')).json() as StockPlaces;
  const earliest = async (centre: FittingCentre, productId: string) =>
    (
      (
        await call(
          null,
          'GET',
          `/api/fitting-centres/${centre._id}/slots?job=pair&products=${productId}`,
        )
      ).json() as Slots
    ).earliest.slice(0, 10);
  const auditOf = (code: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'stock'), eq(auditEvents.objectId, code)))
      .orderBy(auditEvents.at, auditEvents.id);

  it('adds warehouses and shelves, refuses what cannot be, in words, and keeps the main warehouse', async () => {
    const centre = await aCentre();
    const added = await call(admin, 'POST', '/api/stock-places', {
      code: 'WH-NORTH',
      name: ' Northern warehouse ',
      centreId: null,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      code: 'WH-NORTH',
      name: 'Northern warehouse',
      centreId: null,
      centreName: null,
      products: 0,
      units: 0,
    } satisfies StockPlace);
    const shelf = await call(admin, 'POST', '/api/stock-places', {
      code: 'SHELF-P1',
      name: 'Shelf',
      centreId: centre._id,
    });
    expect(shelf.json()).toMatchObject({ centreId: centre._id, centreName: centre.name });

    const refusals: Array<[string, string, object, number, string]> = [
      [
        'POST',
        '/api/stock-places',
        { code: 'WH-NORTH', name: 'Again', centreId: null },
        409,
        stockPlaceWords.codeTaken('WH-NORTH'),
      ],
      [
        'POST',
        '/api/stock-places',
        { code: 'SHELF-X', name: 'X', centreId: '00000000-0000-4000-8000-000000000000' },
        400,
        stockPlaceWords.noSuchCentre,
      ],
      [
        'PUT',
        '/api/stock-places/MAIN',
        { name: 'Main', centreId: centre._id },
        400,
        stockPlaceWords.mainIsWarehouse,
      ],
      [
        'PUT',
        '/api/stock-places/NOPE',
        { name: 'Nope', centreId: null },
        404,
        stockPlaceWords.notFound('NOPE'),
      ],
      ['DELETE', '/api/stock-places/MAIN', {}, 409, stockPlaceWords.mainStays],
    ];
    for (const [method, url, body, status, message] of refusals) {
      const res = await call(admin, method as 'POST', url, method === 'DELETE' ? undefined : body);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status,
        message,
      });
    }
    const lowercase = await call(admin, 'POST', '/api/stock-places', {
      code: 'wh south',
      name: 'South',
      centreId: null,
    });
    expect(lowercase.statusCode).toBe(400);
    expect(lowercase.json().message).toMatch(/capital letters, digits or dashes/);

    // Written to the audit trail; the refused ones left nothing.
    expect((await auditOf('WH-NORTH')).map((row) => row.action)).toEqual(['add']);
    expect(await auditOf('MAIN')).toEqual([]);
    const renamed = await call(admin, 'PUT', '/api/stock-places/WH-NORTH', {
      name: 'North',
      centreId: null,
    });
    expect(renamed.json().name).toBe('North');
    const [, edit] = await auditOf('WH-NORTH');
    expect(edit).toMatchObject({
      action: 'edit',
      objectType: 'stock place',
      before: { name: 'Northern warehouse' },
      after: { name: 'North' },
      call: 'PUT /api/stock-places/:code',
    });
  });

  it('slots follow the lead time from where the tyres are, set and cleared through the API', async () => {
    const centre = await aCentre();
    const other = await aCentre();
    const product = await makeProduct(db());
    const today = todayUtc();
    // At the main warehouse with no lead time set: the default.
    expect(await earliest(centre, product.id)).toBe(addDays(today, 2));

    await call(admin, 'POST', '/api/stock-places', { code: 'WH-FAR', name: 'Far', centreId: null });
    const placed = await call(admin, 'PUT', '/api/stock-places/WH-FAR/products', {
      productIds: [product.id],
    });
    expect(placed.json()).toMatchObject({ code: 'WH-FAR', products: 1, units: 100 });
    const set = await call(admin, 'PUT', '/api/stock-places/WH-FAR/lead-times', {
      leadTimes: [
        { centreId: centre._id, days: 5 },
        { centreId: other._id, days: 0 },
      ],
    });
    expect(set.statusCode).toBe(200);
    expect(await earliest(centre, product.id)).toBe(addDays(today, 5));
    const cleared = await call(admin, 'PUT', '/api/stock-places/WH-FAR/lead-times', {
      leadTimes: [{ centreId: centre._id, days: null }],
    });
    expect(cleared.json()).toEqual([{ placeCode: 'WH-FAR', centreId: other._id, days: 0 }]);
    expect(await earliest(centre, product.id)).toBe(addDays(today, 2));

    // On the centre's own shelf: there at once; to another centre, that shelf's lead time.
    await call(admin, 'POST', '/api/stock-places', {
      code: 'SHELF-OWN',
      name: 'Own shelf',
      centreId: centre._id,
    });
    await call(admin, 'PUT', '/api/stock-places/SHELF-OWN/products', { productIds: [product.id] });
    await call(admin, 'PUT', '/api/stock-places/SHELF-OWN/lead-times', {
      leadTimes: [{ centreId: other._id, days: 1 }],
    });
    const atOnce = (
      await call(
        null,
        'GET',
        `/api/fitting-centres/${centre._id}/slots?job=pair&products=${product.id}`,
      )
    ).json() as Slots;
    expect(Date.parse(atOnce.earliest)).toBeLessThanOrEqual(Date.now());
    expect(await earliest(other, product.id)).toBe(addDays(today, 1));

    const wrong = await call(admin, 'PUT', '/api/stock-places/SHELF-OWN/lead-times', {
      leadTimes: [{ centreId: other._id, days: 61 }],
    });
    expect(wrong.statusCode).toBe(400);
    const [lead] = (await auditOf('WH-FAR')).filter((row) => row.action === 'lead times');
    expect(lead).toMatchObject({ before: {}, after: { [centre._id]: 5, [other._id]: 0 } });
  });

  it('lists and searches what each place keeps; a removed place’s products go back to the main warehouse', async () => {
    const products = await Promise.all([makeProduct(db()), makeProduct(db())]);
    await call(admin, 'POST', '/api/stock-places', {
      code: 'WH-GONE',
      name: 'Gone',
      centreId: null,
    });
    const unknown = await call(admin, 'PUT', '/api/stock-places/WH-GONE/products', {
      productIds: [products[0]!.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(stockPlaceWords.noSuchProducts(1));
    await call(admin, 'PUT', '/api/stock-places/WH-GONE/products', {
      productIds: products.map((p) => p.id),
    });
    const at = async (code: string, query = '') =>
      (
        await call(admin, 'GET', `/api/stock-places/${code}/products${query}`)
      ).json() as PlacedProducts;
    expect((await at('WH-GONE')).products.map((p) => p._id).sort()).toEqual(
      products.map((p) => p.id).sort(),
    );
    const found = await at('WH-GONE', `?q=${encodeURIComponent(products[1]!.name)}`);
    expect(found).toEqual({
      total: 1,
      products: [
        { _id: products[1]!.id, name: products[1]!.name, sku: products[1]!.sku, stock: 100 },
      ],
    });
    expect((await at('MAIN', `?q=${encodeURIComponent(products[0]!.name)}`)).total).toBe(0);
    const before = (await view()).places.find((p) => p.code === 'MAIN')!;

    expect((await call(admin, 'DELETE', '/api/stock-places/WH-GONE')).statusCode).toBe(204);
    expect((await at('MAIN', `?q=${encodeURIComponent(products[0]!.name)}`)).total).toBe(1);
    const after = await view();
    expect(after.places.map((p) => p.code)).not.toContain('WH-GONE');
    expect(after.places.find((p) => p.code === 'MAIN')).toMatchObject({
      products: before.products + 2,
      units: before.units + 200,
    });
    const [removed] = (await auditOf('WH-GONE')).filter((row) => row.action === 'delete');
    expect(removed!.details).toEqual({ productsBackToMain: 2 });
  });

  it('is for the stock places permission: a shopper is refused', async () => {
    const res = await call(accounts.alice, 'GET', '/api/stock-places');
    expect(res.statusCode).toBe(403);
  });
});
