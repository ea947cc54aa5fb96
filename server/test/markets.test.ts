import { and, eq } from 'drizzle-orm';
import {
  bagItems,
  checkouts,
  emails,
  fittingWeekdays,
  orders,
  payments,
  users,
} from '../src/db/schema';
import { placeCheckout } from '../src/checkout/placeCheckout';
import { priceCheckout } from '../src/markets/checkoutPricing';
import { storeRates } from '../src/tax/storeRates';
import type { EmailData } from '../src/emails/emailTable';
import { renderEmail } from '../src/emails/templates';
import { dayAfter, todayIn } from '../src/fitting/fittingTable';
import { marketCopy } from '../../contract/marketCopy';
import { withAdminAndTwoShoppers } from './accounts';
import { signedInCalls } from './calls';
import { linesOf, stockOf, tyreAndPart } from './fixtures';
import { appToken, uniqueEmail } from './identity';
import { startStripeStub } from './stripeStub';
import { startTestApp, testConfig, type TestApp } from './testApp';

/**
 * Markets, taxes and fees (issue 46), with worked examples: every figure below is worked out by
 * hand in the comment beside it, so a change of rounding or rate shows as a wrong number.
 */

const contact = { name: 'Maria K.', address: '12 Foundry Lane, Springfield', number: '555 0102' };
describe('markets, taxes and fees', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, call } = accounts;
  const { newShopper: shopper, fillBag: fill, payCheckout: pay } = accounts;

  it('lists the three markets with their currencies and whether prices include tax', async () => {
    const res = await call(null, 'GET', '/api/markets');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((m: { code: string; currency: string; taxIncluded: boolean }) => [
          m.code,
          m.currency,
          m.taxIncluded,
        ]),
    ).toEqual([
      ['US', 'USD', false],
      ['DE', 'EUR', true],
      ['GB', 'GBP', true],
    ]);
  });

  it('shows dollar prices converted to .99 shop prices unless an admin sets one', async () => {
    const { tyre, part } = await tyreAndPart(accounts.t.db);
    const pricesIn = async (code: string) =>
      (await call(null, 'GET', `/api/markets/${code}/prices?ids=${tyre.id},${part.id}`)).json()
        .prices as Array<{ productId: string; minor: number; own: boolean }>;
    const minorOf = (list: Awaited<ReturnType<typeof pricesIn>>, id: string) =>
      list.find((price) => price.productId === id)?.minor;
    // $89.50 × 0.92 = €82.34 → nearest .99 is €81.99; $29.99 × 0.92 = €27.59 → €27.99.
    const de = await pricesIn('DE');
    expect([minorOf(de, tyre.id), minorOf(de, part.id)]).toEqual([8199, 2799]);
    // $89.50 × 0.79 = £70.71 → £70.99.
    expect(minorOf(await pricesIn('GB'), tyre.id)).toBe(7099);
    expect(minorOf(await pricesIn('US'), tyre.id)).toBe(8950);

    const set = await call(admin, 'PUT', `/api/markets/DE/prices/${tyre.id}`, { minor: 8499 });
    expect(set.statusCode).toBe(204);
    expect((await pricesIn('DE')).find((p) => p.productId === tyre.id)).toEqual({
      productId: tyre.id,
      minor: 8499,
      own: true,
    });
    const shopperTries = await call(accounts.alice, 'PUT', `/api/markets/DE/prices/${tyre.id}`, {
      minor: 1,
    });
    expect(shopperTries.statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/markets/DE/prices/${tyre.id}`)).statusCode).toBe(204);
    expect(minorOf(await pricesIn('DE'), tyre.id)).toBe(8199);
  });

  it('adds California sales tax and its tyre fee at checkout, and charges that total', async () => {
    const email = await shopper();
    const { tyre, part } = await tyreAndPart(accounts.t.db);
    await fill(email, [
      [tyre.id, 4],
      [part.id, 1],
    ]);
    const res = await call(email, 'POST', '/api/checkout', {
      ...contact,
      country: 'US',
      region: 'CA',
    });
    expect(res.statusCode).toBe(201);
    const { pricing, total } = res.json();
    expect(linesOf(pricing)).toEqual([
      // 7.25 % once over $358.00 + $29.99 = $387.99 → $28.129… → $28.13, shared by remainder.
      ['goods', 35800, 2596],
      ['tyreFee', 700, 0], // $1.75 × 4, not taxed
      ['goods', 2999, 217],
      ['delivery', 995, 0], // flat, not taxed in California
    ]);
    expect(pricing.taxes).toEqual([{ rate: 7.25, taxMinor: 2813 }]);
    // $358.00 + $7.00 + $29.99 + $9.95 = $404.94, plus $28.13 tax.
    expect(pricing.subtotalMinor).toBe(40494);
    expect(pricing.totalMinor).toBe(43307);
    expect(total).toBe(433.07);
    // Answered as written: the checkout read back is the same.
    const again = await call(email, 'GET', `/api/checkout/${res.json()._id}`);
    expect(again.json().pricing).toEqual(pricing);
    const paid = await pay(email, res.json()._id);
    expect(paid.amount).toBe(43307);
  });

  it('places nothing, in words, when the bag changed after it was priced', async () => {
    const email = await shopper();
    const { tyre, part } = await tyreAndPart(accounts.t.db);
    await fill(email, [[tyre.id, 2]]);
    const [user] = await accounts.t.db.select().from(users).where(eq(users.email, email));
    const buyer = {
      ...{ userId: user!.id, email, role: 'user' as const, roles: [], centres: [] },
      ...{ permissions: new Set<never>(), sessionId: 'tab', address: '::1', call: 'checkout' },
    };
    const form = { ...contact, country: 'US', region: 'CA' };
    const priced = await priceCheckout(accounts.t.db, storeRates, buyer.userId, form);
    // Between pricing and placing, as a second tab would: one more tyre and a part.
    await fill(email, [
      [tyre.id, 3],
      [part.id, 1],
    ]);
    const rules = {
      holds: testConfig().orders,
      emailVerified: async () => true,
      today: () => todayIn('UTC'),
    };
    await expect(placeCheckout(accounts.t.db, buyer, form, rules, priced)).rejects.toThrow(
      marketCopy.refused.bagChanged,
    );
    expect(await stockOf(accounts.t.db, tyre.id)).toBe(40);
    const bag = await accounts.t.db
      .select()
      .from(bagItems)
      .where(eq(bagItems.userId, buyer.userId));
    expect(bag).toHaveLength(2);
  });

  it('refuses a US checkout without its state, in words, placing nothing', async () => {
    const email = await shopper();
    const { tyre } = await tyreAndPart(accounts.t.db);
    await fill(email, [[tyre.id, 2]]);
    const res = await call(email, 'POST', '/api/checkout', { ...contact, country: 'US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(marketCopy.refused.regionNeeded('United States'));
    const unknown = await call(email, 'POST', '/api/checkout', { ...contact, country: 'FR' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(marketCopy.refused.noMarket('FR'));
    expect(await stockOf(accounts.t.db, tyre.id)).toBe(40);
  });

  it('refuses a US ZIP code outside the state named, so a shopper cannot pick their tax', async () => {
    const email = await shopper();
    const { tyre } = await tyreAndPart(accounts.t.db);
    await fill(email, [[tyre.id, 2]]);
    const res = await call(email, 'POST', '/api/checkout', {
      ...contact,
      country: 'US',
      region: 'OR',
      postalCode: '90012',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(marketCopy.refused.zipNotInState('90012', 'CA', 'OR'));
    expect(await stockOf(accounts.t.db, tyre.id)).toBe(40);
  });

  it('prices a German checkout in euros with 19 % VAT inside each line', async () => {
    const email = await shopper();
    const { tyre, part } = await tyreAndPart(accounts.t.db);
    await fill(email, [
      [tyre.id, 4],
      [part.id, 1],
    ]);
    const res = await call(email, 'POST', '/api/checkout', { ...contact, country: 'DE' });
    expect(res.statusCode).toBe(201);
    const { pricing } = res.json();
    expect(pricing.currency).toBe('EUR');
    expect(linesOf(pricing)).toEqual([
      ['goods', 32796, 5236], // €81.99 × 4 = €327.96, VAT 327.96 × 19/119 = 52.3627 → €52.36
      ['goods', 2799, 447], // €27.99 × 19/119 = 4.469 → €4.47
      ['delivery', 695, 111], // €6.95 × 19/119 = 1.1097 → €1.11
    ]);
    expect(pricing.taxes).toEqual([{ rate: 19, taxMinor: 5794 }]);
    // VAT is inside: the total is the lines' amounts.
    expect(pricing.totalMinor).toBe(36290);
    const placed = await accounts.t.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, res.json()._id));
    expect(placed.map((o) => [o.currency, o.priceCents]).sort()).toEqual([
      ['EUR', 2799],
      ['EUR', 8199],
    ]);
    const paid = await pay(email, res.json()._id);
    expect(paid.amount).toBe(36290);
    const [payment] = await accounts.t.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, paid.id));
    expect(payment?.currency).toBe('eur');

    // The confirmation email is in euros, with the delivery charged and the receipt's link.
    const [mail] = await accounts.t.db
      .select()
      .from(emails)
      .where(and(eq(emails.checkoutId, res.json()._id), eq(emails.kind, 'order_confirmation')));
    const sent = await renderEmail(mail!.kind, mail!.data as EmailData, 'https://shop.test');
    expect(sent.text).toContain('€362.90');
    expect(sent.text).not.toContain('$');
    expect(sent.html).toContain(`https://shop.test/checkout/${res.json()._id}/receipt`);

    // The order says its currency and charges; a refund beyond it is refused in euros.
    const tyreOrder = placed.find((o) => o.priceCents === 8199)!;
    const shown = (await call(email, 'GET', `/api/order/${tyreOrder.id}`)).json();
    expect([shown.currency, shown.price, shown.charges]).toEqual([
      'EUR',
      81.99,
      tyreOrder.chargesMinor / 100,
    ]);
    const left = (tyreOrder.priceCents * tyreOrder.quantity + tyreOrder.chargesMinor) / 100;
    const tooMuch = await call(admin, 'POST', `/api/order/${tyreOrder.id}/refund`, {
      amount: 999,
      reason: 'Too much',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain(`€${left.toFixed(2)}`);
    expect(tooMuch.json().message).not.toContain('$');
  });

  it('prices a British fitting per tyre by rim, VAT rounded per line (not once)', async () => {
    const email = await shopper();
    const { tyre } = await tyreAndPart(accounts.t.db);
    const today = todayIn(testConfig().storeTimeZone);
    const day = dayAfter(today, 3);
    await accounts.t.db
      .update(fittingWeekdays)
      .set({ places: 8 })
      .where(eq(fittingWeekdays.weekday, day.weekday));
    await fill(email, [[tyre.id, 4]]);
    const res = await call(email, 'POST', '/api/checkout', {
      ...contact,
      country: 'GB',
      fitting: day.date,
    });
    expect(res.statusCode).toBe(201);
    const { pricing } = res.json();
    expect(linesOf(pricing)).toEqual([
      ['goods', 28396, 4733], // £70.99 × 4; 283.96 / 6 = 47.3267 → £47.33
      ['fitting', 8800, 1467], // R17: £22.00 × 4; 88 / 6 = 14.6667 → £14.67
      ['valves', 1400, 233], // £3.50 × 4; 14 / 6 = 2.3333 → £2.33
      ['disposal', 1000, 167], // £2.50 × 4; 10 / 6 = 1.6667 → £1.67
    ]);
    // Per line: £66.00; once over £395.96 it would be £65.99.
    expect(pricing.taxMinor).toBe(6600);
    expect(pricing.totalMinor).toBe(39596);
  });

  it('gives back tax and fees in proportion with a partial refund', async () => {
    const email = await shopper();
    const { tyre } = await tyreAndPart(accounts.t.db);
    await fill(email, [[tyre.id, 2]]);
    const res = await call(email, 'POST', '/api/checkout', {
      ...contact,
      country: 'US',
      region: 'NY',
    });
    expect(res.statusCode).toBe(201);
    // $179.00 goods + $5.00 NY tyre fee ($2.50 × 2) + $9.95 delivery; 4 % of $179.00 = $7.16.
    expect(res.json().pricing.totalMinor).toBe(17900 + 500 + 995 + 716);
    await pay(email, res.json()._id);
    const [order] = await accounts.t.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, res.json()._id));
    // The order is charged everything: 20111. Half of it back: 100.55 ( of 201.11).
    expect(order!.priceCents * order!.quantity + order!.chargesMinor).toBe(20111);
    const refund = await call(admin, 'POST', `/api/order/${order!.id}/refund`, {
      amount: 100.55,
      reason: 'One tyre returned',
    });
    expect(refund.statusCode).toBe(200);
    const after = (await call(email, 'GET', `/api/checkout/${res.json()._id}`)).json();
    // Tax 716 × 10055 / 20111 = 357.98 → 358; fees (500 + 995) × 10055 / 20111 = 747.46 → 747.
    expect(after.pricing.refunded).toEqual({ totalMinor: 10055, taxMinor: 358, feesMinor: 747 });
  });

  it('keeps the spec’s checkout as it was when no country is named', async () => {
    const email = await shopper();
    const { tyre } = await tyreAndPart(accounts.t.db);
    await fill(email, [[tyre.id, 2]]);
    const res = await call(email, 'POST', '/api/checkout', contact);
    expect(res.statusCode).toBe(201);
    expect(res.json().pricing).toBeUndefined();
    expect(res.json().total).toBe(179);
  });
});

describe('Stripe Tax', () => {
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let t: TestApp;
  const email = uniqueEmail('taxed');
  const tokens: Record<string, string> = {};
  const call = signedInCalls(
    () => t,
    (who) => tokens[who],
  );
  beforeAll(async () => {
    stub = await startStripeStub();
    const base = testConfig();
    t = await startTestApp({
      payments: {
        ...base.payments,
        taxProvider: 'stripe',
        stripeSecretKey: 'sk_test_tax',
        stripeApiBase: stub.url,
      },
    });
    tokens[email] = await appToken(t.app, email, { verified: true });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('takes each line’s tax from Stripe Tax (a Los Angeles rate, with local tax)', async () => {
    stub.behaviour.taxRates = { 'US-CA': 9.5 };
    const { tyre } = await tyreAndPart(t.db);
    await call(email, 'PUT', `/api/bag/items/${tyre.id}`, { quantity: 4 });
    const res = await call(email, 'POST', '/api/checkout', {
      ...contact,
      country: 'US',
      region: 'CA',
      postalCode: '90012',
    });
    expect(res.statusCode).toBe(201);
    const { pricing } = res.json();
    expect(pricing.taxProvider).toBe('stripe');
    // $358.00 × 9.5 % = $34.01; the tyre fee ($7.00) is sent as not taxable and the stub
    // applies its one rate to every line: $0.665 → $0.67; delivery $9.95 → $0.95.
    expect(pricing.lines[0]).toMatchObject({ kind: 'goods', taxRate: 9.5, taxMinor: 3401 });
    const sent = stub.requests.find((r) => r.path === '/v1/tax/calculations')!;
    expect(sent.form.get('customer_details[address][postal_code]')).toBe('90012');
    expect(sent.form.get('line_items[0][tax_behavior]')).toBe('exclusive');
  });

  it('stops the checkout in words and charges nothing when Stripe Tax does not answer', async () => {
    stub.behaviour.failTax = true;
    try {
      const { tyre } = await tyreAndPart(t.db);
      await call(email, 'PUT', `/api/bag/items/${tyre.id}`, { quantity: 2 });
      const before = await t.db.select().from(checkouts);
      const res = await call(email, 'POST', '/api/checkout', {
        ...contact,
        country: 'US',
        region: 'CA',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(marketCopy.refused.taxUnavailable);
      expect(await t.db.select().from(checkouts)).toHaveLength(before.length);
      expect(await stockOf(t.db, tyre.id)).toBe(40);
      const bag = await t.db.select().from(bagItems).where(eq(bagItems.productId, tyre.id));
      expect(bag.map((line) => line.quantity)).toEqual([2]);
      expect(stub.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(0);
    } finally {
      stub.behaviour.failTax = false;
    }
  });
});
