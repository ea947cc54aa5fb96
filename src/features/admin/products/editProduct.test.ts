import { battery, tyre } from '../../../test/fixtures';
import { editBody, valuesOf } from './editProduct';

describe("an edit's EU tyre label", () => {
  it('is not sent while unchanged, and is sent whole when a field of it changes', () => {
    const values = valuesOf(tyre);
    expect(values).toEqual(
      expect.objectContaining({ hasLabel: true, labelFuel: 'B', labelNoiseDb: 70 }),
    );
    expect(editBody(values, tyre.img, tyre, 1)).toEqual({ version: 1 });
    expect(editBody({ ...values, labelIce: true }, tyre.img, tyre, 1)).toEqual({
      version: 1,
      euLabel: { ...tyre.euLabel, ice: true },
    });
  });

  it('is removed by unticking it, or by making the tyre a part', () => {
    const values = valuesOf(tyre);
    expect(editBody({ ...values, hasLabel: false }, tyre.img, tyre, 1)).toEqual({
      version: 1,
      euLabel: null,
    });
    expect(editBody({ ...values, category: 'part' }, tyre.img, tyre, 1)).toEqual(
      expect.objectContaining({ category: 'part', euLabel: null, width: null }),
    );
    // A part has none to send.
    expect(editBody(valuesOf(battery), battery.img, battery, 1)).toEqual({ version: 1 });
  });
});
