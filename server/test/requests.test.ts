import { UNREADABLE_ADDRESS } from '../src/http/errors';
import { JSON_DEPTH_MAX, nestsDeeperThan, TOO_DEEP } from '../src/http/validation';
import { isStorePicture } from '../../contract/pictures';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct, orderBody } from './fixtures';
import { bearer } from './identity';

/** What a request may carry before any route reads it: its nesting, its address, its pictures. */

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nesting', () => {
  it('counts the brackets of objects and arrays, not those inside strings', () => {
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
    expect(nestsDeeperThan(`{"a":{"b":[1,{"c":2}]}}`, 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":{"b":[1,{"c":2}]}}`, 4)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{"\\' }), 1)).toBe(false);
  });
});

describe('pictures', () => {
  it.each([
    ['/images/products/summer-tyre.svg', true],
    ['/api/images/0b6f2a7e-6f1c-4c47-9d4b-3f1f0c2a8b11', true],
    ['https://i.ibb.co/x/tyre.png', true],
    ['/\\offsite.example/x.png', false],
    ['//offsite.example/x.png', false],
    ['/images\\..\\x.png', false],
    ['/\t/offsite.example/x.png', false],
    ['https://offsite.example/x.png', false],
    ['https://i.ibb.co\\@offsite.example/x.png', false],
    ['javascript:alert(1)', false],
  ])('%j is a picture of the store: %s', (url, expected) => {
    expect(isStorePicture(url)).toBe(expected);
  });
});

describe('requests', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, alice, tokens } = accounts;

  it(`refuses a JSON body nested deeper than ${JSON_DEPTH_MAX} levels with a 400 in words, before anything walks it`, async () => {
    const product = await makeProduct(accounts.t.db);
    const placed = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(tokens[alice]!),
      payload: orderBody(product.id),
    });
    expect(placed.statusCode).toBe(201);
    const pay = (order: string, token: string | null = tokens[alice]!) =>
      accounts.t.app.inject({
        method: 'PATCH',
        url: `/api/order/${placed.json()._id}`,
        headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        payload: `{"transactionId":"pi_none","order":${order}}`,
      });
    // A body of 400,000 brackets (the attack overflowed the stack: a 500).
    for (const token of [tokens[alice]!, null]) {
      const deep = await pay(nested(200_000), token);
      expect([deep.statusCode, deep.json()]).toEqual([
        400,
        { error: 'Bad Request', message: TOO_DEEP },
      ]);
    }
    // Within the limit the route answers as ever: no such payment.
    const fine = await pay(`[${nested(JSON_DEPTH_MAX - 2)}]`);
    expect(fine.statusCode).toBe(402);
  });

  it('answers an address that cannot be decoded with a 400 in words, not an echo of it', async () => {
    for (const url of ['/%E0%A4%A', '/shop%', '/api/product/%E0%A4%A', '/api/productDetails/%ZZ']) {
      const res = await accounts.t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        400,
        { error: 'Bad Request', message: UNREADABLE_ADDRESS },
      ]);
    }
  });

  it('takes pictures at the store or on imgbb only, never a path a browser reads as another site', async () => {
    const offsite = '/\\offsite.example/x.png';
    const review = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(tokens[alice]!),
      payload: {
        name: 'Maria',
        description: 'Good tyres',
        Ratings: 5,
        address: 'Town',
        img: offsite,
      },
    });
    expect(review.statusCode).toBe(400);
    expect(review.json()).toMatchObject({
      field: 'img',
      message: expect.stringMatching(/must be a picture uploaded to this store\.$/),
    });
    const product = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: bearer(tokens[admin]!),
      payload: {
        name: 'Offsite tyre',
        description: 'A picture elsewhere',
        price: 10,
        orderquantity: 0,
        availablequantity: 1,
        img: offsite,
      },
    });
    expect([product.statusCode, product.json().field]).toEqual([400, 'img']);
  });
});
