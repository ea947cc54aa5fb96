import {
  alternativeOf,
  alternativeSizes,
  diameterDifferencePercent,
  formatDifference,
  isAlternativeOf,
  overallDiameterMm,
} from '../../contract/sizeAlternatives';

const size = (width: number, aspect: number, rim: number) => ({ width, aspect, rim });

describe('the ±3 % rule for alternative sizes', () => {
  it('works out the overall diameter: rim × 25.4 + 2 × width × aspect / 100', () => {
    // 16 × 25.4 = 406.4, plus 2 × 205 × 0.55 = 225.5.
    expect(overallDiameterMm(size(205, 55, 16))).toBeCloseTo(631.9, 6);
    // 17 × 25.4 = 431.8, plus 2 × 225 × 0.45 = 202.5.
    expect(overallDiameterMm(size(225, 45, 17))).toBeCloseTo(634.3, 6);
    expect(overallDiameterMm(size(195, 65, 15))).toBeCloseTo(634.5, 6);
  });

  it.each([
    // original, candidate, difference as the shop writes it, fits?
    [size(205, 55, 16), size(225, 45, 17), '+0.4 %', true], // one inch up, 634.3 mm
    [size(205, 55, 16), size(195, 55, 16), '−1.7 %', true], // same rim, 620.9 mm
    [size(205, 55, 16), size(205, 50, 17), '+0.8 %', true], // 636.8 mm
    [size(205, 55, 16), size(215, 55, 16), '+1.7 %', true], // 642.9 mm
    [size(205, 55, 16), size(205, 60, 16), '+3.2 %', false], // 652.4 mm: over 3 %
    [size(205, 55, 16), size(225, 40, 18), '+0.8 %', false], // two inches up
    [size(205, 55, 16), size(195, 65, 15), '+0.4 %', false], // a smaller rim
    [size(205, 55, 16), size(205, 55, 16), '0.0 %', false], // the original itself
    [size(225, 45, 17), size(225, 40, 18), '+0.5 %', true], // 637.2 mm
    [size(225, 45, 17), size(235, 35, 18), '−2.0 %', true], // 621.7 mm
  ])('%o → %o is %s (fits: %s)', (original, candidate, shown, fits) => {
    expect(formatDifference(diameterDifferencePercent(original, candidate))).toBe(shown);
    expect(isAlternativeOf(original, candidate)).toBe(fits);
  });

  it('draws the line at 3 % either way', () => {
    // 185/65 R15: 621.5 mm; 185/55 R15 (584.5) is −5.95 %; 175/65 R15 (608.5) is −2.09 %.
    const original = size(185, 65, 15);
    expect(isAlternativeOf(original, size(175, 65, 15))).toBe(true);
    expect(isAlternativeOf(original, size(185, 55, 15))).toBe(false);
    // 205/55 R16 × 1.03 = 650.857 mm; 215/60 R16 is 664.4 (+5.1 %), 235/50 R16 641.4 (+1.5 %).
    expect(isAlternativeOf(size(205, 55, 16), size(235, 50, 16))).toBe(true);
    expect(isAlternativeOf(size(205, 55, 16), size(215, 60, 16))).toBe(false);
  });

  it('measures an alternative of a car with two sizes from the nearer original', () => {
    const front = size(225, 45, 18); // 659.7 mm
    const rear = size(245, 40, 18); // 653.2 mm
    // 678.6 mm: +2.9 % of the front, +3.9 % of the rear.
    const found = alternativeOf([front, rear], size(245, 40, 19));
    expect(found?.original).toEqual(front);
    expect(formatDifference(found!.differencePercent)).toBe('+2.9 %');
    expect(alternativeOf([front, rear], rear)).toBeNull();
  });

  it('lists every size that fits, nearest first, never an original', () => {
    const list = alternativeSizes([size(205, 55, 16)]);
    expect(list.length).toBeGreaterThan(10);
    expect(list.every((s) => Math.abs(s.differencePercent) <= 3)).toBe(true);
    expect(list.every((s) => s.rim === 16 || s.rim === 17)).toBe(true);
    expect(list).toContainEqual(expect.objectContaining(size(225, 45, 17)));
    expect(list).not.toContainEqual(expect.objectContaining(size(205, 55, 16)));
    const differences = list.map((s) => Math.abs(s.differencePercent));
    expect(differences).toEqual([...differences].sort((a, b) => a - b));
  });
});
