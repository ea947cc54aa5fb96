import { eq } from 'drizzle-orm';
import { promotionCopy } from '../../contract/promotionCopy';
import { orders } from '../src/db/schema';
import { TEST_CARD, withAdminAndTwoShoppers } from './accounts';
import { issuedGuestBrowser } from './guestBrowser';
import { appToken, uniqueEmail } from './identity';
import {
  brandCode,
  fourForThreeOn,
  oneUseCode,
  ownBrandProducts,
  promotionCreator,
} from './promotionFixtures';

/**
 * Codes at a guest's checkout (issue 49): the same rules as an account's, with what only a guest
 * has. A code for signed-in shoppers or a first order is refused in words; uses per customer
 * are counted by the email typed (with the account of that email); a use is counted once paid
 * and given back when the unpaid checkout ends.
 */

const contact = { name: 'Maria K.', address: 'Hauptstraße 5, 10115 Berlin', number: '555 0102' };
const refused = promotionCopy.refused;
type Items = Array<{ productId: string; quantity: number }>;

describe('codes at a guest checkout', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, call } = accounts;
  const create = promotionCreator(call, admin);

  /** A guest checkout in Germany from a browser of its own. */
  const guestCheckOut = (email: string, items: Items, codes: string[]) =>
    call(
      null,
      'POST',
      '/api/guest/checkout',
      { ...contact, email, country: 'DE', items, codes },
      { 'guest-browser': issuedGuestBrowser() },
    );
  const guestCheck = (items: Items, codes: string[]) =>
    call(null, 'POST', '/api/promotions/guest-check', { country: 'DE', items, codes });
  /** Pays a guest checkout by card, as its order link does. */
  const payAsGuest = async (placed: { checkout: { _id: string }; key: string }) => {
    const intent = await call(
      null,
      'POST',
      `/api/guest/checkout/${placed.checkout._id}/payment-intent`,
      undefined,
      { 'guest-key': placed.key },
    );
    expect(intent.statusCode).toBe(200);
    const confirmed = await call(null, 'POST', '/api/payments/local/confirm', {
      clientSecret: intent.json().clientSecret,
      card: TEST_CARD,
    });
    expect(confirmed.statusCode).toBe(200);
    return confirmed.json().paymentIntent as { amount: number };
  };
  const usesCsv = async (id: string) => {
    const csv = await call(admin, 'GET', `/api/promotions/${id}/uses.csv`);
    expect(csv.statusCode).toBe(200);
    return csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split(',')[6]);
  };

  it('checks a guest’s bag with codes, refuses codes for accounts in words, and charges the discounted total', async () => {
    const { brand, tyre } = await ownBrandProducts(accounts.t, call, admin);
    const tag = brand.slice(4).toUpperCase();
    await create(fourForThreeOn(brand));
    const flyer = await create(oneUseCode('Flyer', `FLYER${tag}`));
    const members = `MEMBERS${tag}`;
    await create({
      name: 'Members',
      kind: 'percentOff',
      percent: 5,
      code: members,
      audience: 'signedIn',
    });
    const welcome = `WELCOME${tag}`;
    await create({
      name: 'Welcome',
      kind: 'percentOff',
      percent: 5,
      code: welcome,
      audience: 'firstOrder',
    });
    const four = [{ productId: tyre.id, quantity: 4 }];

    const check = await guestCheck(four, [`flyer${tag.toLowerCase()}`, members, welcome]);
    expect(check.statusCode).toBe(200);
    // €400.00 less one tyre (€100.00), then 10 % of the €300.00 left.
    expect(check.json()).toMatchObject({
      currency: 'EUR',
      savingMinor: 13000,
      applied: [
        { name: '4 for 3 on winter tyres', code: null, discountMinor: 10000 },
        { name: 'Flyer', code: `FLYER${tag}`, discountMinor: 3000 },
      ],
      refused: [
        { code: members, reason: refused.signedIn(members) },
        { code: welcome, reason: refused.firstOrderSignIn(welcome) },
      ],
    });

    // The checkout refuses them too, in the same words, and places nothing.
    const email = uniqueEmail('guest');
    const notForGuests = await guestCheckOut(email, four, [welcome]);
    expect(notForGuests.statusCode).toBe(409);
    expect(notForGuests.json().message).toBe(refused.firstOrderSignIn(welcome));

    const placed = await guestCheckOut(email, four, [`FLYER${tag}`]);
    expect(placed.statusCode).toBe(201);
    // €270.00 of tyres and €6.95 delivery, VAT inside: what the card is charged.
    expect(placed.json().checkout.pricing.totalMinor).toBe(27695);
    expect(await usesCsv(flyer._id)).toEqual(['held']);
    expect((await payAsGuest(placed.json())).amount).toBe(27695);
    expect(await usesCsv(flyer._id)).toEqual(['used']);
  });

  it('counts uses per customer by the email, with the account of that email', async () => {
    const { brand, tyre } = await ownBrandProducts(accounts.t, call, admin);
    const code = brandCode('ONCE', brand);
    await create({ name: 'Once each', kind: 'percentOff', percent: 5, code, perCustomer: 1 });
    const one = [{ productId: tyre.id, quantity: 1 }];

    // A guest uses it once; the same email again, in other letters, may not.
    const email = uniqueEmail('guest');
    const first = await guestCheckOut(email, one, [code]);
    expect(first.statusCode).toBe(201);
    await payAsGuest(first.json());
    const again = await guestCheckOut(email.toUpperCase(), one, [code]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(refused.usedByYou(code));

    // An account's use counts for a guest checkout with its email, and the other way round.
    const shopper = await accounts.newShopper();
    await accounts.fillBag(shopper, [[tyre.id, 1]]);
    const asAccount = await call(shopper, 'POST', '/api/checkout', {
      ...contact,
      country: 'DE',
      codes: [code],
    });
    expect(asAccount.statusCode).toBe(201);
    await accounts.payCheckout(shopper, asAccount.json()._id);
    const asGuest = await guestCheckOut(shopper, one, [code]);
    expect(asGuest.statusCode).toBe(409);
    expect(asGuest.json().message).toBe(refused.usedByYou(code));

    const guestFirst = uniqueEmail('guest');
    const paidAsGuest = await guestCheckOut(guestFirst, one, [code]);
    await payAsGuest(paidAsGuest.json());
    // Then an account with that email: its own allowance is gone too.
    accounts.tokens[guestFirst] = await appToken(accounts.t.app, guestFirst, { verified: true });
    await accounts.fillBag(guestFirst, [[tyre.id, 1]]);
    const signedIn = await call(guestFirst, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [code],
    });
    expect(signedIn.json().refused).toEqual([{ code, reason: refused.usedByYou(code) }]);
  });

  it('gives a guest’s use back when the unpaid checkout is cancelled or its hold runs out', async () => {
    const { brand, tyre } = await ownBrandProducts(accounts.t, call, admin);
    const code = brandCode('BACK', brand);
    const promotion = await create(oneUseCode('Back', code));
    const one = [{ productId: tyre.id, quantity: 1 }];
    const held = await guestCheckOut(uniqueEmail('guest'), one, [code]);
    expect(held.statusCode).toBe(201);
    const blocked = await guestCheckOut(uniqueEmail('guest'), one, [code]);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(refused.usedUp(code));

    const { checkout, key } = held.json();
    const cancel = await call(
      null,
      'POST',
      `/api/guest/checkout/${checkout._id}/orders/${checkout.orders[0]._id}/cancel`,
      {},
      { 'guest-key': key },
    );
    expect(cancel.statusCode).toBe(200);
    const second = await guestCheckOut(uniqueEmail('guest'), one, [code]);
    expect(second.statusCode).toBe(201);
    // Its hold runs out unpaid: the use is free again.
    await accounts.t.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.checkoutId, second.json().checkout._id));
    const third = await guestCheckOut(uniqueEmail('guest'), one, [code]);
    expect(third.statusCode).toBe(201);
    expect(await usesCsv(promotion._id)).toEqual(['given back', 'given back', 'held']);
  });

  it('gives the last use of a code to one of 20 guests checking out at once', async () => {
    const { brand, tyre } = await ownBrandProducts(accounts.t, call, admin);
    const code = brandCode('LAST', brand);
    const promotion = await create(oneUseCode('Last one', code));
    const one = [{ productId: tyre.id, quantity: 1 }];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => guestCheckOut(uniqueEmail('guest'), one, [code])),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const res of answers.filter((each) => each.statusCode === 409)) {
      expect([refused.usedUp(code), refused.usedUpAtCheckout(code)]).toContain(res.json().message);
    }
    await payAsGuest(answers.find((res) => res.statusCode === 201)!.json());
    const listed = (await call(admin, 'GET', '/api/promotions')).json() as Array<{
      _id: string;
    }>;
    expect(listed.find((row) => row._id === promotion._id)).toMatchObject({
      held: 0,
      totals: [{ uses: 1, discountMinor: 1000 }],
    });
  });
});
