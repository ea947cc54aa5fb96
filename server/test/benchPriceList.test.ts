import { Readable } from 'node:stream';
import { benchProduct } from '../../bench/bigCatalogue';
import { priceList } from '../../bench/priceList';
import { readPriceList } from '../src/catalog/priceListReader';

// The bench's price list (bench/priceList.ts) read by the import's own reader: it once wrote
// 16 cells under the import's 23 columns, and the bench stopped at "rejected 100000".
test("the bench's price list is one the import takes whole, with what each product says", async () => {
  const rows = await readPriceList(Readable.from([priceList(200)]));
  expect(rows).toHaveLength(200);
  expect(rows.filter((row) => 'problem' in row)).toEqual([]);
  for (const [n, row] of rows.entries()) {
    if (!('values' in row)) continue;
    const product = benchProduct(n, '');
    expect(row.values).toMatchObject({
      name: product.name,
      priceCents: product.priceCents,
      availableQuantity: product.availableQuantity,
    });
    // Every other row gives its attributes and label; the others leave them to the name.
    if (n % 2 === 0) {
      expect(row.values.attributes).toMatchObject(
        Object.fromEntries(
          Object.entries(product.attributes!).filter(([, value]) => value !== null),
        ),
      );
      expect(row.values.euLabel).toEqual(product.euLabel ?? null);
    } else {
      expect(row.values.attributes).toBeUndefined();
      expect(row.values.euLabel).toBeNull();
    }
  }
});
