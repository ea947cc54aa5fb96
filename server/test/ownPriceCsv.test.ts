import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema';
import { marketPrices } from '../src/markets/marketSchema';
import { marketCopy } from '../../contract/marketCopy';
import { refusals } from '../src/refusals';
import { withAdminAndTwoShoppers } from './accounts';
import { csvForm } from './csvForm';
import { tyreAndPart } from './fixtures';
import { bearer } from './identity';

/**
 * A product's own prices per market (issue 46) in the catalogue CSV (`price_DE`, `price_GB`,
 * the market's major units as `price` is dollars; empty: the conversion rule) and through the
 * admin's product form (`/api/product/:id/market-prices`): server-validated, in the product's
 * history and the audit trail.
 */
describe("products' own prices per market", () => {
  const accounts = withAdminAndTwoShoppers();
  const { call, admin } = accounts;
  const as = () => bearer(accounts.tokens[admin]!);
  const exportRows = async () => {
    const res = await accounts.t.app.inject({ url: '/api/product/export.csv', headers: as() });
    expect(res.statusCode).toBe(200);
    return parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
  };
  const importCsv = (text: string, query = '') => {
    const form = csvForm(text);
    return accounts.t.app.inject({
      method: 'POST',
      url: `/api/product/import${query}`,
      payload: form.payload,
      headers: { ...form.headers, ...as() },
    });
  };
  const ownOf = async (productId: string) =>
    Object.fromEntries(
      (
        await accounts.t.db.select().from(marketPrices).where(eq(marketPrices.productId, productId))
      ).map((row) => [row.market, row.priceMinor]),
    );
  const historyOf = async (productId: string) =>
    (await call(admin, 'GET', `/api/product/${productId}/history`)).json() as Array<{
      action: string;
      changes: Array<{ field: string; from: unknown; to: unknown }>;
    }>;

  it('exports own prices in their columns, empty where the conversion rule prices', async () => {
    const { tyre, part } = await tyreAndPart(accounts.t.db);
    expect(
      (await call(admin, 'PUT', `/api/markets/DE/prices/${tyre.id}`, { minor: 8499 })).statusCode,
    ).toBe(204);
    const rows = await exportRows();
    const row = (sku: string) => rows.find((one) => one.sku === sku)!;
    expect([row(tyre.sku).price_DE, row(tyre.sku).price_GB]).toEqual(['84.99', '']);
    expect([row(part.sku).price_DE, row(part.sku).price_GB]).toEqual(['', '']);
  });

  it('imports them: a price sets one, an empty cell takes it away, a column left out keeps it', async () => {
    const { tyre, part } = await tyreAndPart(accounts.t.db);
    await call(admin, 'PUT', `/api/markets/GB/prices/${part.id}`, { minor: 2599 });

    const dry = await importCsv(
      `sku,price_DE,price_GB\n${tyre.sku},79.5,\n${part.sku},,24.99\n`,
      '?dryRun=true',
    );
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ updated: 2, unchanged: 0, rejectedCount: 0 });
    expect(await ownOf(tyre.id)).toEqual({});

    const stored = await importCsv(`sku,price_DE,price_GB\n${tyre.sku},79.5,\n${part.sku},,\n`);
    expect(stored.json()).toMatchObject({ updated: 2, rejectedCount: 0 });
    expect(await ownOf(tyre.id)).toEqual({ DE: 7950 });
    // The empty cell took the part's own pound price away: it converts again.
    expect(await ownOf(part.id)).toEqual({});

    // A file without the columns changes no own price; the same file again changes nothing.
    const without = await importCsv(`sku,name\n${tyre.sku},${tyre.name}\n`);
    expect(without.json()).toMatchObject({ unchanged: 1 });
    const again = await importCsv(`sku,price_DE\n${tyre.sku},79.50\n`);
    expect(again.json()).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await ownOf(tyre.id)).toEqual({ DE: 7950 });

    const [change] = await historyOf(tyre.id);
    expect(change).toEqual(
      expect.objectContaining({
        action: 'import',
        changes: [{ field: 'price_DE', from: null, to: 79.5 }],
      }),
    );
  });

  it('adds a new product with its own prices', async () => {
    const sku = `OWN-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const res = await importCsv(
      'sku,name,description,price,orderquantity,availablequantity,price_GB\n' +
        `${sku},Summer tyre 205/55 R16,Quiet,90.00,0,8,69.99\n`,
    );
    expect(res.json()).toMatchObject({ added: 1, rejectedCount: 0 });
    const id = (await exportRows()).find((row) => row.sku === sku)!;
    expect(id.price_GB).toBe('69.99');
  });

  it('refuses a cell that is not a price, and a column of no market, in words', async () => {
    const { tyre } = await tyreAndPart(accounts.t.db);
    const bad = await importCsv(`sku,price_DE\n${tyre.sku},€84\n${tyre.sku.toLowerCase()}x,-1\n`);
    expect(bad.statusCode).toBe(200);
    expect(bad.json().rejected.map((row: { message: string }) => row.message)).toEqual([
      "price_DE must be a price in EUR such as 84.99 (a point, no currency sign), or empty for the market's conversion rule.",
      "price_DE must be a price in EUR such as 84.99 (a point, no currency sign), or empty for the market's conversion rule.",
    ]);
    const unknown = await importCsv(`sku,price_FR\n${tyre.sku},84.99\n`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('The file has a column "price_FR"');
    // The US price is the product's own `price` column.
    const us = await importCsv(`sku,price_US\n${tyre.sku},84.99\n`);
    expect(us.statusCode).toBe(400);
  });

  it("sets them from the product form, checked by the server, and keeps each change's audit", async () => {
    const { tyre } = await tyreAndPart(accounts.t.db);
    const url = `/api/product/${tyre.id}/market-prices`;
    const shown = await call(admin, 'GET', url);
    expect(shown.statusCode).toBe(200);
    // $89.50 × 0.92 = €82.34 → €81.99; × 0.79 = £70.71 → £70.99.
    expect(shown.json()).toEqual([
      expect.objectContaining({ market: 'DE', currency: 'EUR', own: null, converted: 8199 }),
      expect.objectContaining({ market: 'GB', currency: 'GBP', own: null, converted: 7099 }),
    ]);

    const saved = await call(admin, 'PUT', url, { prices: { DE: 8499, GB: null } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()[0]).toMatchObject({ market: 'DE', own: 8499 });
    const [change] = await historyOf(tyre.id);
    expect(change).toEqual(
      expect.objectContaining({
        action: 'edit',
        changes: [{ field: 'price_DE', from: null, to: 84.99 }],
      }),
    );
    const audited = await accounts.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, tyre.id), eq(auditEvents.kind, 'price')));
    expect(audited.map((row) => row.after)).toEqual([{ price_DE: 84.99 }]);

    const negative = await call(admin, 'PUT', url, { prices: { DE: -1 } });
    expect(negative.statusCode).toBe(400);
    const us = await call(admin, 'PUT', url, { prices: { US: 8000 } });
    expect(us.statusCode).toBe(400);
    expect(us.json().message).toBe(refusals.ownPrices.noOwnPrices('US'));
    const none = await call(admin, 'PUT', url, { prices: { FR: 8000 } });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(marketCopy.refused.unknownMarket('FR'));
    const shopper = await call(accounts.alice, 'PUT', url, { prices: { DE: 1 } });
    expect(shopper.statusCode).toBe(403);
    expect(await ownOf(tyre.id)).toEqual({ DE: 8499 });
  });
});
