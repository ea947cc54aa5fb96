import { bearer } from './identity';
import { withAdminAndTwoShoppers } from './accounts';
import { type TestApp } from './testApp';

describe('products, reviews and profiles', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, alice, bob, tokens } = accounts;
  let t: TestApp;
  beforeAll(() => {
    t = accounts.t;
  });

  describe('POST /api/product', () => {
    const product = {
      name: 'Snowline Winter 205/55 R16',
      description: 'Studless winter tyre.',
      price: 104.5,
      orderquantity: 2,
      img: '/images/products/winter-tyre.svg',
    };
    const add = (
      payload: Record<string, unknown>,
      headers: Record<string, string> = bearer(tokens[admin]!),
    ) => t.app.inject({ method: 'POST', url: '/api/product', headers, payload });

    it("adds a product with the spec's misspelt availableauantity, at once in the catalogue", async () => {
      const res = await add({ ...product, availableauantity: 40 });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toEqual({
        _id: expect.any(String),
        ...product,
        availablequantity: 40,
        // Without attributes in the form, they are read from the name.
        category: 'tyre',
        width: 205,
        aspect: 55,
        rim: 16,
        season: 'winter',
        loadIndex: null,
        speedRating: null,
        euLabel: null,
        // A winter tyre is M+S marked; the name tells no other mark.
        marks: { oeMark: null, runFlat: false, reinforced: false, threePeak: false, mudSnow: true },
        // Without an SKU in the form, the store numbers it.
        sku: expect.stringMatching(/^P\d{6}$/),
        status: 'active',
        version: 1,
      });
      const list = (await t.app.inject({ method: 'GET', url: '/api/product' })).json();
      expect(list.at(-1)).toEqual(created);
    });

    it('takes the attributes the form gives instead of reading the name', async () => {
      const res = await add({
        ...product,
        name: 'Snowline Van',
        availablequantity: 10,
        category: 'tyre',
        width: 215,
        aspect: 75,
        rim: 17.5,
        season: 'all-season',
        loadIndex: 135,
        speedRating: 'L',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ category: 'tyre', width: 215, rim: 17.5, loadIndex: 135 });
      const part = await add({ ...product, availablequantity: 10, category: 'part' });
      expect(part.json()).toMatchObject({ category: 'part', width: null, season: null });
    });

    it.each([
      [
        { category: 'wheel', season: 'winter' },
        'Tyre size and Season are for tyres only: choose the tyre category or leave them empty.',
        'category',
      ],
      [
        { width: 205, aspect: 55 },
        'Tyre size needs width, aspect and rim, as in 205/55 R16.',
        'width',
      ],
      [
        { width: 205, aspect: 53, rim: 16 },
        'Tyre size must be a size tyres are made in: width 125–395 mm and aspect 20–95 % in steps of 5, rim 10–24 inches in whole or half inches, as in 205/55 R16.',
        'width',
      ],
      [{ width: 2050, aspect: 55, rim: 16 }, 'Tyre size can be at most 395.', 'width'],
      [{ category: 'tyres' }, 'Category must be one of: tyre, wheel, part.', 'category'],
      [{ speedRating: 'V' }, 'Tyre size is needed for a load index or speed rating.', 'width'],
    ])('refuses attributes that do not fit together: %j', async (attributes, message, field) => {
      const res = await add({ ...product, availablequantity: 10, ...attributes });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
    });

    it('also takes availablequantity', async () => {
      const res = await add({ ...product, availablequantity: 7 });
      expect(res.json().availablequantity).toBe(7);
    });

    it('is for admins only', async () => {
      expect((await add({ ...product, availablequantity: 1 }, {})).statusCode).toBe(401);
      expect(
        (await add({ ...product, availablequantity: 1 }, bearer(tokens[alice]!))).statusCode,
      ).toBe(403);
    });

    it.each([
      ['no stock field', {}, 'Available Quantity is required.', 'availablequantity'],
      [
        'a negative price',
        { availablequantity: 1, price: -1 },
        'Price ($) must be 0 or more.',
        'price',
      ],
      [
        'a text price',
        { availablequantity: 1, price: '10' },
        'Price ($) must be a number.',
        'price',
      ],
      [
        'a fractional stock',
        { availablequantity: 1.5 },
        'Available Quantity must be a whole number.',
        'availablequantity',
      ],
      [
        'a javascript: image',
        { availablequantity: 1, img: 'javascript:alert(1)' },
        'Image must be a picture uploaded to this store.',
        'img',
      ],
      [
        'an empty name',
        { availablequantity: 1, name: '' },
        'Product Name cannot be empty.',
        'name',
      ],
      [
        'an order quantity no unit could be ordered above',
        { orderquantity: 5, availablequantity: 5 },
        'Order Quantity must be less than the available quantity: shoppers can order only what is left above it.',
        'orderquantity',
      ],
    ])('refuses %s with 400', async (_what, change, message, field) => {
      const res = await add({ ...product, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message, field });
    });
  });

  describe('reviews', () => {
    const review = {
      name: 'Tomasz W.',
      description: 'Fast delivery, tyres well balanced.',
      Ratings: 5,
      address: 'Gdansk, Poland',
      img: '/api/images/3f1c2a5e-1111-4222-8333-944455556666',
    };

    it('adds a review for a signed-in user; it is listed first', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/review',
        headers: bearer(tokens[alice]!),
        payload: review,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ _id: expect.any(String), ...review });
      const list = (await t.app.inject({ method: 'GET', url: '/api/review' })).json();
      expect(list[0]).toEqual(res.json());
    });

    it('keeps markup as text: what is stored is what was sent', async () => {
      const description = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/review',
        headers: bearer(tokens[alice]!),
        payload: { ...review, description },
      });
      expect(res.json().description).toBe(description);
    });

    it.each([
      ['no sign-in', {}, {}, 401, 'Sign in first: this call needs a bearer access token.'],
      ['a rating of 6', {}, { Ratings: 6 }, 400, 'Ratings can be at most 5.'],
      ['a rating of 0', {}, { Ratings: 0 }, 400, 'Ratings must be 1 or more.'],
      ['a missing address', {}, { address: undefined }, 400, 'Address is required.'],
    ])('refuses %s', async (what, _x, change, status, message) => {
      const headers = what === 'no sign-in' ? {} : bearer(tokens[alice]!);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/review',
        headers,
        payload: { ...review, ...change },
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error: expect.any(String), message });
    });
  });

  describe('profiles', () => {
    const profile = {
      name: 'Alice Doe',
      Department: 'Mechanical Engineering',
      Address: '3 Rim Road',
      instituteName: 'Springfield Tech',
      Linkedin: 'https://www.linkedin.com/in/alice-doe',
      image: '/api/images/3f1c2a5e-1111-4222-8333-944455556666',
    };
    const save = (email: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: bearer(tokens[email]!),
        payload,
      });
    const read = (email: string, of: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/profile?email=${encodeURIComponent(of)}`,
        headers: bearer(tokens[email]!),
      });

    it('answers 404 before a profile exists, then keeps one profile per user', async () => {
      expect((await read(alice, alice)).statusCode).toBe(404);
      const first = await save(alice, { ...profile, email: alice });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ...profile, email: alice });
      await save(alice, { ...profile, Address: '4 Rim Road' });
      const res = await read(alice, alice);
      expect(res.json()).toEqual({ ...profile, Address: '4 Rim Road', email: alice });
    });

    it("refuses writing or reading someone else's profile", async () => {
      const write = await save(bob, { ...profile, email: alice });
      expect(write.statusCode).toBe(403);
      expect((await read(bob, alice)).statusCode).toBe(403);
      expect((await read(alice, alice)).json().name).toBe('Alice Doe');
      // Admins may read any profile.
      expect((await read(admin, alice)).statusCode).toBe(200);
    });

    it('refuses a javascript: link and a missing field', async () => {
      const link = await save(alice, { ...profile, Linkedin: 'javascript:alert(1)' });
      expect(link.statusCode).toBe(400);
      expect(link.json()).toMatchObject({
        message: 'Linkedin link must be a web address starting with http:// or https://.',
        field: 'Linkedin',
      });
      const missing = await save(alice, { ...profile, instituteName: undefined });
      expect(missing.json()).toMatchObject({
        message: 'Institute name is required.',
        field: 'instituteName',
      });
    });

    it('needs a valid email to read', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/profile?email=nobody',
        headers: bearer(tokens[alice]!),
      });
      expect(res.statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/profile?email=${alice}` })).statusCode,
      ).toBe(401);
    });
  });
});
