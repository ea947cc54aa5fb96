import { attributesFromName } from '../src/catalog/productAttributes';
import { parseSearchQuery, searchWords } from '../src/catalog/searchWords';
import { findTyreSize, formatTyreSize } from '../../contract/tyreSize';

const size = (text: string) => {
  const found = findTyreSize(text);
  return found && { ...found, text: text.slice(found.start, found.end) };
};

describe('findTyreSize', () => {
  it.each([
    ['205/55 R16 91V', 205, 55, 16],
    ['205/55R16', 205, 55, 16],
    ['205 55 16', 205, 55, 16],
    ['205-55-r16', 205, 55, 16],
    ['2055516', 205, 55, 16],
    ['205/55ZR16', 205, 55, 16],
    ['205 / 55 R 16', 205, 55, 16],
    ['P215/65R15', 215, 65, 15],
    ['LT265/75R16 123/120S', 265, 75, 16],
    ['215/75 R17.5 135J', 215, 75, 17.5],
    ['195/70 R15C 104R', 195, 70, 15],
    ['RoadGrip Summer 205/55 R16 91V', 205, 55, 16],
  ])('reads %s', (text, width, aspect, rim) => {
    expect(findTyreSize(text)).toMatchObject({ width, aspect, rim });
  });

  it('reads the load index and speed rating that follow the size, apart from it', () => {
    expect(size('Velocity 225/40 R18 92Y XL')).toMatchObject({
      loadIndex: 92,
      speedRating: 'Y',
      text: '225/40 R18',
    });
    expect(size('205/55R1691V')).toMatchObject({ loadIndex: 91, speedRating: 'V' });
    expect(size('245/35 ZR20 95(Y)')).toMatchObject({ loadIndex: 95, speedRating: 'Y' });
    expect(size('205/55 R16')).toMatchObject({ loadIndex: null, speedRating: null });
    // 20 is not a load index, and a rating without one is just a letter.
    expect(size('205/55 R16 20 pcs')).toMatchObject({ loadIndex: null, text: '205/55 R16' });
    expect(size('205/55 R16 V')).toMatchObject({ loadIndex: null, speedRating: null });
  });

  it.each([
    ['Forge5 Alloy Wheel 17x7.5 ET45 5x112'],
    ['PowerCell AGM Battery 12V 70Ah 760A'],
    ['Brake Disc 300 mm'],
    ['order 12345678'],
    ['20555165'],
    ['207/55 R16'], // no width in steps of 5
    ['205/53 R16'],
    ['205/55 R9'],
    ['405/55 R16'],
    ['205/55 R16.2'],
    ['x205/55R16'],
    ['205/55R16x'],
    [''],
  ])('finds no size in %p', (text) => {
    expect(findTyreSize(text)).toBeNull();
  });

  it('skips numbers that are not a size to find one after them', () => {
    expect(size('Kit 300 205/55 R16')).toMatchObject({ width: 205, text: '205/55 R16' });
    expect(size('1234 2055516')).toMatchObject({ width: 205, aspect: 55, rim: 16 });
  });

  it('stays quick on long and hostile input', () => {
    const hostile = [
      '2'.repeat(100_000),
      '205/'.repeat(25_000),
      `${'205 '.repeat(25_000)}x`,
      `205${' '.repeat(50_000)}55`,
      '205/55 R'.repeat(10_000),
      '\u0000205/55R16\uFFFF',
    ];
    for (const text of hostile) findTyreSize(text);
    expect(findTyreSize('\u0000205/55R16\uFFFF')).toMatchObject({ width: 205 });
  });

  it('writes a size the way the sidewall does', () => {
    expect(formatTyreSize({ width: 205, aspect: 55, rim: 16 })).toBe('205/55 R16');
    expect(
      formatTyreSize({ width: 215, aspect: 75, rim: 17.5, loadIndex: 135, speedRating: 'J' }),
    ).toBe('215/75 R17.5 135J');
  });
});

describe('attributesFromName', () => {
  it('tells a tyre by its size, and its season by the words on its label', () => {
    expect(attributesFromName('RoadGrip Summer 205/55 R16 91V')).toEqual({
      category: 'tyre',
      width: 205,
      aspect: 55,
      rim: 16,
      season: 'summer',
      loadIndex: 91,
      speedRating: 'V',
    });
    expect(attributesFromName('Alpine Winter 195/65 R15 91T').season).toBe('winter');
    expect(attributesFromName('TrailMaster 4Season SUV 235/60 R18 107H').season).toBe('all-season');
    expect(attributesFromName('CrossClimate All-Season 225/45R17').season).toBe('all-season');
    expect(attributesFromName('Velocity Sport UHP 225/40 R18 92Y XL').season).toBeNull();
  });

  it('calls a product with the word tyre a tyre even without a size', () => {
    expect(attributesFromName('Spare tyre, winter')).toMatchObject({
      category: 'tyre',
      width: null,
      season: 'winter',
    });
  });

  it('tells wheels by the word, and calls everything else a part', () => {
    expect(attributesFromName('Forge5 Alloy Wheel 17x7.5 ET45 5x112')).toMatchObject({
      category: 'wheel',
      rim: null,
      season: null,
    });
    expect(attributesFromName('Snow Chains for 16 inch')).toMatchObject({
      category: 'part',
      season: null,
    });
    expect(attributesFromName('')).toMatchObject({ category: 'part' });
  });
});

describe('search words', () => {
  it('compares words in lower case, without accents', () => {
    expect(searchWords('Pneumático ÉTÉ Straße Ørsted')).toEqual([
      'pneumatico',
      'ete',
      'strasse',
      'orsted',
    ]);
    expect(searchWords('All-Season 205/55 R16, 91V!')).toEqual([
      'all',
      'season',
      '205',
      '55',
      'r16',
      '91v',
    ]);
    expect(searchWords('  \t ')).toEqual([]);
  });

  it('takes a typed size out of the words, leaving load index and rating as words', () => {
    // No synonyms yet for any word (`alike`): the route adds them.
    expect(parseSearchQuery('winter 205/55r16 91V')).toEqual({
      size: { width: 205, aspect: 55, rim: 16 },
      words: ['winter', '91v'],
      alike: [[], []],
    });
    expect(parseSearchQuery('2055516')).toEqual({
      size: { width: 205, aspect: 55, rim: 16 },
      words: [],
      alike: [],
    });
    // Half typed, a size is words: the last one a prefix of `r16`.
    expect(parseSearchQuery('205/55 R1')).toEqual({
      size: null,
      words: ['205', '55', 'r1'],
      alike: [[], [], []],
    });
  });
});
