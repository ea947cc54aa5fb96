import { and, eq } from 'drizzle-orm';
import { emails, fittingWeekdays, orders } from '../src/db/schema';
import type { EmailData } from '../src/emails/emailTable';
import { renderEmail } from '../src/emails/templates';
import { dayAfter, todayIn } from '../src/fitting/fittingTable';
import { formatMoney } from '../../contract/money';
import { promotionCopy } from '../../contract/promotionCopy';
import { withAdminAndTwoShoppers } from './accounts';
import { linesOf } from './fixtures';
import {
  brandCode,
  fourForThreeOn,
  onBrand,
  oneUseCode,
  ownBrandProducts as products,
  promotionCreator,
} from './promotionFixtures';
import { refusals } from '../src/refusals';
import { testConfig } from './testApp';

/**
 * Promotions and discount codes (issue 49), with worked examples: every figure is worked out by
 * hand in the comment beside it. Each test makes its own products (a brand of its own), so the
 * promotions of one test never reach another's bag.
 */

const contact = { name: 'Maria K.', address: '12 Foundry Lane, Springfield', number: '555 0102' };

/** A minute on a clock of `timeZone`, as a promotion's window is written: `2026-12-01T09:30`. */
const localMinute = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(' ', 'T');
const refused = promotionCopy.refused;

describe('promotions and discount codes', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, call } = accounts;
  const { newShopper: shopper, fillBag: fill, payCheckout: pay } = accounts;
  const create = promotionCreator(call, admin);
  const checkout = (email: string, body: object = {}) =>
    call(email, 'POST', '/api/checkout', { ...contact, country: 'DE', ...body });
  const listed = async (id: string) =>
    ((await call(admin, 'GET', '/api/promotions')).json() as Array<Record<string, unknown>>).find(
      (row) => row._id === id,
    )!;

  it('gives 4 for 3 with a one-use code on top, counts the code once paid, and refunds a returned tyre at what it cost', async () => {
    const { brand, tyre } = await products(accounts.t, call, admin);
    const set = await create(fourForThreeOn(brand));
    const code = brandCode('FLYER', brand);
    const flyer = await create(oneUseCode('Flyer', code));
    const badges = await call(null, 'GET', `/api/promotions/badges?ids=${tyre.id}&market=DE`);
    expect(badges.json()).toEqual({ [tyre.id]: ['4 for 3'] });

    const email = await shopper();
    await fill(email, [[tyre.id, 4]]);
    const check = await call(email, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [code],
    });
    // €400.00 less one tyre (€100.00), then 10 % of the €300.00 left.
    expect(check.json()).toMatchObject({
      currency: 'EUR',
      savingMinor: 13000,
      refused: [],
      applied: [
        { name: '4 for 3 on winter tyres', code: null, discountMinor: 10000 },
        { name: 'Flyer', code, discountMinor: 3000 },
      ],
    });
    const res = await checkout(email, { codes: [code.toLowerCase()] });
    expect(res.statusCode).toBe(201);
    const { pricing } = res.json();
    expect(linesOf(pricing)).toEqual([
      ['goods', 40000, 4311], // VAT on what is left, €270.00: 270 × 19 / 119 = 43.109 → €43.11
      ['discount', -10000, 0],
      ['discount', -3000, 0],
      ['delivery', 695, 111], // €6.95 × 19 / 119 = 1.1097 → €1.11
    ]);
    expect(pricing.lines[1].label).toBe('4 for 3 on winter tyres');
    expect(pricing.lines[2].label).toBe(`Flyer (${code})`);
    expect(pricing.totalMinor).toBe(27000 + 695);
    // Held while unpaid, not used yet.
    expect(await listed(flyer._id)).toMatchObject({ held: 1, totals: [] });

    const paid = await pay(email, res.json()._id);
    expect(paid.amount).toBe(27695);
    // The confirmation names each discount; delivery alone is what was charged besides.
    const [mail] = await accounts.t.db
      .select()
      .from(emails)
      .where(and(eq(emails.checkoutId, res.json()._id), eq(emails.kind, 'order_confirmation')));
    const sent = await renderEmail(mail!.kind, mail!.data as EmailData, 'https://shop.test');
    expect(sent.text).toContain('4 for 3 on winter tyres−€100.00');
    expect(sent.text).toContain(`Flyer (${code})−€30.00`);
    expect(sent.text).toContain('Services, fees and tax€6.95');
    expect(await listed(flyer._id)).toMatchObject({
      held: 0,
      totals: [{ currency: 'EUR', uses: 1, discountMinor: 3000, revenueMinor: 27695 }],
    });
    expect(await listed(set._id)).toMatchObject({
      totals: [{ currency: 'EUR', uses: 1, discountMinor: 10000 }],
    });

    // The code is used up for everyone else.
    const other = await shopper();
    await fill(other, [[tyre.id, 4]]);
    const again = await call(other, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [code],
    });
    expect(again.json().refused).toEqual([{ code, reason: refused.usedUp(code) }]);
    const refusedCheckout = await checkout(other, { codes: [code] });
    expect(refusedCheckout.statusCode).toBe(409);
    expect(refusedCheckout.json().message).toBe(refused.usedUp(code));

    // One tyre back: the €270.00 paid for four tyres is €67.50 each.
    const [order] = await accounts.t.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, res.json()._id));
    // The Refund dialog asks first: the server's figure, what the refund then gives back.
    const preview = (units: number, as = admin) =>
      call(as, 'GET', `/api/order/${order!.id}/refund-preview?units=${units}`);
    expect((await preview(1, other)).statusCode).toBe(403);
    expect((await preview(1)).json()).toEqual({
      quantity: 4,
      unitsLeft: 4,
      leftMinor: 27695,
      units: 1,
      amountMinor: 6750,
    });
    const refund = await call(admin, 'POST', `/api/order/${order!.id}/refund`, {
      units: 1,
      reason: 'One tyre returned',
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().refunded).toBe(67.5);
    // Three are left to return: four more are refused, by the preview and by the refund.
    const tooMany = refusals.lifecycle.unitsLeft(3, 4);
    expect(tooMany).toBe("At most 3 of this order's 4 units can still be refunded.");
    expect((await preview(4)).json()).toMatchObject({ message: tooMany, field: 'units' });
    const fourMore = await call(admin, 'POST', `/api/order/${order!.id}/refund`, {
      units: 4,
      reason: 'Four more',
    });
    expect(fourMore.statusCode).toBe(409);
    expect(fourMore.json().message).toBe(tooMany);
    expect((await preview(3)).json()).toMatchObject({ unitsLeft: 3, amountMinor: 20250 });
    // The other three: exactly the rest of the goods, €202.50 (delivery stays).
    const rest = await call(admin, 'POST', `/api/order/${order!.id}/refund`, {
      units: 3,
      reason: 'Three more returned',
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().refunded).toBe(270);
    // Only the delivery is left: no unit fits in it.
    expect((await preview(0)).json()).toMatchObject({
      unitsLeft: 0,
      leftMinor: 695,
      amountMinor: 0,
    });
  });

  it('takes 10 % off before US sales tax, and an amount off shared over lines by largest remainder', async () => {
    const { brand, tyre, part } = await products(accounts.t, call, admin);
    const code = brandCode('TEN', brand);
    await create(onBrand(brand, { name: 'Ten', kind: 'percentOff', percent: 10, code }));
    const email = await shopper();
    await fill(email, [[tyre.id, 2]]);
    const res = await call(email, 'POST', '/api/checkout', {
      ...contact,
      country: 'US',
      region: 'NY',
      codes: [code],
    });
    expect(res.statusCode).toBe(201);
    // $100.00 × 2 = $200.00, 10 % off = $20.00; NY 4 % on the $180.00 left = $7.20.
    expect(linesOf(res.json().pricing)).toEqual([
      ['goods', 20000, 720],
      ['discount', -2000, 0],
      ['tyreFee', 500, 0],
      ['delivery', 995, 0],
    ]);
    expect(res.json().pricing.totalMinor).toBe(18000 + 500 + 995 + 720);
    // Paid, one tyre back: its share of what the goods cost after the discount, with the tax
    // added on it: ($180.00 + $7.20) / 2 = $93.60 (fee and delivery stay with the order).
    await pay(email, res.json()._id);
    const oneBack = await call(admin, 'POST', `/api/order/${res.json().orders[0]._id}/refund`, {
      units: 1,
      reason: 'One tyre returned',
    });
    expect(oneBack.statusCode).toBe(200);
    expect(oneBack.json().refunded).toBe(93.6);
    // The bag shows the saving before a state is chosen: it does not depend on the state.
    const again = await shopper();
    await fill(again, [[tyre.id, 2]]);
    const bagSaving = await call(again, 'POST', '/api/promotions/check', {
      country: 'US',
      codes: [code],
    });
    expect(bagSaving.statusCode).toBe(200);
    expect(bagSaving.json()).toMatchObject({ currency: 'USD', savingMinor: 2000 });

    const amountCode = brandCode('OFF', brand);
    await create(
      onBrand(brand, {
        name: 'Ten euros',
        kind: 'amountOff',
        amountMinor: 1000,
        market: 'DE',
        code: amountCode,
      }),
    );
    const other = await shopper();
    await fill(other, [
      [tyre.id, 1],
      [part.id, 1],
    ]);
    const check = await call(other, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [amountCode],
    });
    expect(check.json().savingMinor).toBe(1000);
    const placed = await checkout(other, { codes: [amountCode] });
    // €10.00 over €100.00 and €20.00: 833.33 and 166.67 → 833 + 167 (the larger remainder).
    expect(linesOf(placed.json().pricing).filter(([kind]) => kind === 'discount')).toEqual([
      ['discount', -833, 0],
      ['discount', -167, 0],
    ]);
  });

  it('gives a set price, free fitting and free delivery over a minimum', async () => {
    const { brand, tyre, part } = await products(accounts.t, call, admin);
    const setCode = brandCode('SET', brand);
    await create({
      name: 'Four for 300',
      kind: 'setPrice',
      buy: 4,
      setPriceMinor: 30000,
      market: 'DE',
      code: setCode,
      target: 'products',
      targetValues: [tyre.id],
    });
    const email = await shopper();
    await fill(email, [[tyre.id, 5]]);
    const set = await call(email, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [setCode],
    });
    // Four of the five at €300.00 instead of €400.00; the fifth at its price.
    expect(set.json().savingMinor).toBe(10000);

    const fitCode = brandCode('FIT', brand);
    await create(onBrand(brand, { name: 'Fitting on us', kind: 'freeFitting', code: fitCode }));
    const notFitted = await call(email, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [fitCode],
    });
    expect(notFitted.json().refused).toEqual([
      { code: fitCode, reason: refused.fittingOnly(fitCode) },
    ]);
    const today = todayIn(testConfig().storeTimeZone);
    const day = dayAfter(today, 3);
    await accounts.t.db
      .update(fittingWeekdays)
      .set({ places: 50 })
      .where(eq(fittingWeekdays.weekday, day.weekday));
    await fill(email, [[tyre.id, 4]]);
    const fitted = await checkout(email, { fitting: day.date, codes: [fitCode] });
    expect(fitted.statusCode).toBe(201);
    // R16: €20.00 × 4 fitting, all of it off; valves and disposal stay.
    expect(linesOf(fitted.json().pricing).slice(0, 3)).toEqual([
      ['goods', 40000, 6387],
      ['fitting', 8000, 0],
      ['discount', -8000, 0],
    ]);

    const shipCode = brandCode('SHIP', brand);
    await create(
      onBrand(brand, {
        name: 'Free delivery over €50',
        kind: 'freeDelivery',
        minimumMinor: 5000,
        market: 'DE',
        code: shipCode,
      }),
    );
    const small = await shopper();
    await fill(small, [[part.id, 2]]);
    const under = await call(small, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [shipCode],
    });
    expect(under.json().refused[0].reason).toBe(
      refused.minimum(shipCode, formatMoney(5000, 'EUR', 'de-DE')),
    );
    await fill(small, [[part.id, 3]]);
    const over = await checkout(small, { codes: [shipCode] });
    expect(linesOf(over.json().pricing)).toEqual([
      ['goods', 6000, 958],
      ['delivery', 695, 0],
      ['discount', -695, 0],
    ]);
    expect(over.json().pricing.totalMinor).toBe(6000);
  });

  it('stacks by priority, and an exclusive promotion is given alone', async () => {
    const { brand, tyre } = await products(accounts.t, call, admin);
    const [a, b] = [`A${brand}`, `B${brand}`].map((code) => code.toUpperCase());
    await create({ name: 'Five', kind: 'percentOff', percent: 5, code: a, priority: 1 });
    await create({
      name: 'Twenty alone',
      kind: 'percentOff',
      percent: 20,
      code: b,
      priority: 5,
      exclusive: true,
      target: 'brand',
      targetValues: [brand],
    });
    const email = await shopper();
    await fill(email, [[tyre.id, 1]]);
    const both = await call(email, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [a, b],
    });
    expect(both.json().applied).toMatchObject([{ code: b, discountMinor: 2000 }]);
    expect(both.json().refused).toEqual([{ code: a, reason: refused.doesNotCombine(a, b) }]);
    const alone = await call(email, 'POST', '/api/promotions/check', { country: 'DE', codes: [a] });
    expect(alone.json().applied).toMatchObject([{ code: a, discountMinor: 500 }]);

    // Two that combine stack in priority order, each on what the one before left: 5 % of
    // €100.00, then 10 % of the €95.00 left. An exclusive one after them is refused.
    const [c, d] = [`C${brand}`, `D${brand}`].map((code) => code.toUpperCase());
    await create({ name: 'Ten after', kind: 'percentOff', percent: 10, code: d });
    await create({
      name: 'Thirty alone, last',
      kind: 'percentOff',
      percent: 30,
      code: c,
      priority: -1,
      exclusive: true,
    });
    const stacked = await call(email, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [c, d, a],
    });
    expect(stacked.json()).toMatchObject({
      applied: [
        { code: a, discountMinor: 500 },
        { code: d, discountMinor: 950 },
      ],
      refused: [{ code: c, reason: refused.doesNotCombine(c, a) }],
      savingMinor: 1450,
    });
  });

  it('opens a window at its start and closes it at its end, in the time zone of its market', async () => {
    const { brand, tyre } = await products(accounts.t, call, admin);
    const tag = brand.slice(4).toUpperCase();
    // This minute and the one an hour ago, on a Berlin clock.
    const berlin = localMinute('Europe/Berlin', new Date());
    const hourAgo = localMinute('Europe/Berlin', new Date(Date.now() - 3_600_000));
    const percent = { kind: 'percentOff', percent: 5 } as const;
    // German: started this minute (a start is included), ended this minute (an end is not).
    await create({ name: 'Opens', ...percent, code: `OPENS${tag}`, market: 'DE', starts: berlin });
    await create({
      name: 'Closes',
      ...percent,
      code: `CLOSES${tag}`,
      market: 'DE',
      starts: hourAgo,
      ends: berlin,
    });
    // British, at the same clock time: London is an hour behind Berlin, so it has not started.
    await create({
      name: 'London',
      ...percent,
      code: `LONDON${tag}`,
      market: 'GB',
      starts: berlin,
    });
    const email = await shopper();
    await fill(email, [[tyre.id, 1]]);
    const de = await call(email, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [`OPENS${tag}`, `CLOSES${tag}`],
    });
    expect(de.json()).toMatchObject({
      applied: [{ code: `OPENS${tag}`, discountMinor: 500 }],
      refused: [{ code: `CLOSES${tag}`, reason: refused.expired(`CLOSES${tag}`) }],
    });
    const gb = await call(email, 'POST', '/api/promotions/check', {
      country: 'GB',
      codes: [`LONDON${tag}`],
    });
    expect(gb.json()).toMatchObject({
      applied: [],
      refused: [
        {
          code: `LONDON${tag}`,
          reason: refused.notYet(`LONDON${tag}`, `${berlin.replace('T', ' ')} (Europe/London)`),
        },
      ],
    });
  });

  it('refuses codes not started, ended, for others, or unknown, in words', async () => {
    const { brand, tyre } = await products(accounts.t, call, admin);
    const tag = brand.slice(4).toUpperCase();
    await create({
      name: 'Later',
      kind: 'percentOff',
      percent: 5,
      code: `LATER${tag}`,
      starts: '2099-01-01T00:00',
    });
    const ended = await create({
      name: 'Ended',
      kind: 'percentOff',
      percent: 5,
      code: `ENDED${tag}`,
    });
    expect((await call(admin, 'POST', `/api/promotions/${ended._id}/end`)).json().state).toBe(
      'ended',
    );
    await create({
      name: 'First',
      kind: 'percentOff',
      percent: 5,
      code: `FIRST${tag}`,
      audience: 'firstOrder',
    });
    await create({ name: 'GB', kind: 'percentOff', percent: 5, code: `GB${tag}`, market: 'GB' });
    await create({
      name: 'Once each',
      kind: 'percentOff',
      percent: 5,
      code: `ONCE${tag}`,
      perCustomer: 1,
    });
    const email = await shopper();
    await fill(email, [[tyre.id, 1]]);
    const first = await checkout(email, { codes: [`ONCE${tag}`] });
    await pay(email, first.json()._id);
    await fill(email, [[tyre.id, 1]]);
    const codes = ['LATER', 'ENDED', 'FIRST', 'GB', 'ONCE'].map((c) => `${c}${tag}`);
    const res = await call(email, 'POST', '/api/promotions/check', { country: 'DE', codes });
    expect(res.json().refused).toEqual([
      {
        code: `LATER${tag}`,
        reason: refused.notYet(`LATER${tag}`, `2099-01-01 00:00 (${testConfig().storeTimeZone})`),
      },
      { code: `ENDED${tag}`, reason: refused.expired(`ENDED${tag}`) },
      { code: `FIRST${tag}`, reason: refused.firstOrder(`FIRST${tag}`) },
      { code: `GB${tag}`, reason: refused.otherMarket(`GB${tag}`) },
      { code: `ONCE${tag}`, reason: refused.usedByYou(`ONCE${tag}`) },
    ]);
    const unknown = await call(email, 'POST', '/api/promotions/check', {
      country: 'DE',
      codes: [`NOPE${tag}`],
    });
    expect(unknown.json().refused).toEqual([
      { code: `NOPE${tag}`, reason: refused.unknown(`NOPE${tag}`) },
    ]);
    const none = await call(email, 'POST', '/api/checkout', { ...contact, codes: [`ONCE${tag}`] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(refused.notInMarket);
  });

  it('gives the last use of a code to one of 20 racing checkouts', async () => {
    const { brand, tyre } = await products(accounts.t, call, admin);
    const code = brandCode('LAST', brand);
    const promotion = await create(oneUseCode('Last one', code));
    const emails = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const email of emails) await fill(email, [[tyre.id, 1]]);
    const answers = await Promise.all(emails.map((email) => checkout(email, { codes: [code] })));
    const codesOf = answers.map((res) => res.statusCode).sort();
    expect(codesOf.filter((status) => status === 201)).toHaveLength(1);
    expect(codesOf.filter((status) => status === 409)).toHaveLength(19);
    for (const res of answers.filter((each) => each.statusCode === 409)) {
      expect([refused.usedUp(code), refused.usedUpAtCheckout(code)]).toContain(res.json().message);
    }
    const winner = answers.findIndex((res) => res.statusCode === 201);
    await pay(emails[winner]!, answers[winner]!.json()._id);
    expect(await listed(promotion._id)).toMatchObject({ held: 0, totals: [{ uses: 1 }] });
  });

  it('gives a use back when an unpaid checkout is cancelled or its hold runs out', async () => {
    const { brand, tyre } = await products(accounts.t, call, admin);
    const code = brandCode('BACK', brand);
    const promotion = await create(oneUseCode('Back', code));
    const [a, b, c] = [await shopper(), await shopper(), await shopper()];
    await fill(a, [[tyre.id, 1]]);
    const held = await checkout(a, { codes: [code] });
    expect(held.statusCode).toBe(201);
    await fill(b, [[tyre.id, 1]]);
    expect((await checkout(b, { codes: [code] })).statusCode).toBe(409);
    const cancel = await call(a, 'POST', `/api/order/${held.json().orders[0]._id}/cancel`, {});
    expect(cancel.statusCode).toBe(200);
    const second = await checkout(b, { codes: [code] });
    expect(second.statusCode).toBe(201);
    // Its hold runs out: the use is free again for c.
    await accounts.t.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.checkoutId, second.json()._id));
    await fill(c, [[tyre.id, 1]]);
    expect((await checkout(c, { codes: [code] })).statusCode).toBe(201);
    const csv = await call(admin, 'GET', `/api/promotions/${promotion._id}/uses.csv`);
    expect(csv.statusCode).toBe(200);
    const statuses = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split(',')[6]);
    expect(statuses).toEqual(['given back', 'given back', 'held']);
  });
});
