import { PART_ATTRIBUTES } from '../../contract/catalogTerms';
import { insertProducts, type NewProduct } from '../src/catalog/productTable';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

const item = (name: string, description = 'For the search tests'): NewProduct => ({
  name,
  description,
  priceCents: 5000,
  orderQuantity: 1,
  availableQuantity: 20,
  img: '/images/products/summer-tyre.svg',
  attributes: PART_ATTRIBUTES,
});

/** Oldest first: a search answers newest first. */
const CATALOGUE = [
  item('AGM Battery 70Ah'),
  item('Battery Charger', 'Charges a battery overnight'),
  item('Batter Mix', 'Pancakes, one letter away from what starts a car'),
  item('Steel Rim 16 inch'),
  item('Winter Tyre Nordic'),
  item('Intercontinental Hubcap'),
];

describe('a search that forgives', () => {
  // Not the demo catalogue: these products alone, so every answer can be told by hand.
  const admin = uniqueEmail('admin');
  let t: TestApp;
  let adminToken: string;
  let shopperToken: string;
  beforeAll(async () => {
    t = await startTestApp({ adminEmails: [admin] }, { seed: false });
    adminToken = await appToken(t.app, admin, { verified: true });
    shopperToken = await appToken(t.app, uniqueEmail('shopper'), { verified: true });
    for (const product of CATALOGUE) await insertProducts(t.db, [product]);
  });
  afterAll(() => t.close());

  const names = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ name: string }>).map((p) => p.name);
  };
  const suggestion = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/facets?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().suggestion as string | null;
  };
  const synonyms = (payload?: unknown) =>
    payload === undefined
      ? t.app.inject({ method: 'GET', url: '/api/search/synonyms', headers: bearer(adminToken) })
      : t.app.inject({
          method: 'PUT',
          url: '/api/search/synonyms',
          headers: bearer(adminToken),
          payload: payload as object,
        });

  it('finds a word typed with one letter wrong, missing or extra', async () => {
    // "batter" is two slips from "batery": not found.
    expect(await names('batery')).toEqual(['Battery Charger', 'AGM Battery 70Ah']);
    expect(await names('chrager')).toEqual([]); // two letters swapped are two slips: too many
    expect(await names('chargerr')).toEqual(['Battery Charger']);
    expect(await names('nordik')).toEqual(['Winter Tyre Nordic']);
  });

  it('forgives two slips in a long word, none in a short one or a number', async () => {
    expect(await names('intercontinantel')).toEqual(['Intercontinental Hubcap']);
    expect(await names('agn')).toEqual([]);
    expect(await names('71ah')).toEqual([]);
  });

  it('ranks the products with the word as typed before those found by a slip', async () => {
    // The last word may be the start of one: every product has a word starting with "batter".
    expect(await names('batter')).toEqual(['Batter Mix', 'Battery Charger', 'AGM Battery 70Ah']);
    expect(await names('battery')).toEqual(['Battery Charger', 'AGM Battery 70Ah', 'Batter Mix']);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/product?q=battery&limit=1&offset=2',
    });
    expect(page.json().map((p: { name: string }) => p.name)).toEqual(['Batter Mix']);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('takes the start of the last word with a slip, as it is typed', async () => {
    expect(await names('bater')).toEqual(['Batter Mix', 'Battery Charger', 'AGM Battery 70Ah']);
    expect(await names('agm batery 70')).toEqual(['AGM Battery 70Ah']);
  });

  it('knows that a tire is a tyre and a wheel a rim, and an admin can add synonyms', async () => {
    expect(await names('tire')).toEqual(['Winter Tyre Nordic']);
    expect(await names('wheel 16')).toEqual(['Steel Rim 16 inch']);
    expect(await names('hubcap')).toEqual(['Intercontinental Hubcap']);
    expect(await names('wheelcover')).toEqual([]);

    const before = await synonyms();
    expect(before.statusCode).toBe(200);
    const groups = before.json().groups as string[][];
    expect(groups).toContainEqual(['tire', 'tyre']);
    const added = await synonyms({ groups: [...groups, ['Hubcap', 'wheelcover']] });
    expect(added.statusCode).toBe(200);
    expect(added.json().groups).toContainEqual(['hubcap', 'wheelcover']);
    expect(await names('wheelcover')).toEqual(['Intercontinental Hubcap']);
    // An exact match of a synonym is exact: it ranks with the word itself.
    expect(await names('tyre')).toEqual(['Winter Tyre Nordic']);
  });

  it('refuses synonyms it could not search with, naming the word', async () => {
    const refused = async (groups: string[][]) => {
      const res = await synonyms({ groups });
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await refused([['all season', '4season']])).toBe(
      '"all season" is more than one word: a synonym is one word (write allseason).',
    );
    expect(
      await refused([
        ['tyre', 'tire'],
        ['Tyre', 'pneu'],
      ]),
    ).toBe('"tyre" is in two groups: put it in one.');
    expect(await refused([['Tyre', 'tyre']])).toBe(
      'The group of "tyre" needs at least one other word.',
    );
    const shopper = await t.app.inject({
      method: 'PUT',
      url: '/api/search/synonyms',
      headers: bearer(shopperToken),
      payload: { groups: [] },
    });
    expect(shopper.statusCode).toBe(403);
  });

  it('suggests the closest word when nothing matches', async () => {
    expect(await names('batry')).toEqual([]);
    expect(await suggestion('batry')).toBe('battery');
    expect(await suggestion('agm batry')).toBe('agm battery');
    // Something matches: no suggestion; nothing close: none either.
    expect(await suggestion('batery')).toBeNull();
    expect(await suggestion('zzzzzz')).toBeNull();
  });
});
