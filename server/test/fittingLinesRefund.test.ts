import { eq } from 'drizzle-orm';
import type { FittingCentre, FittingCentreBody } from '../../contract/fittingCentres';
import type { Slots } from '../../contract/appointments';
import { appointmentWords } from '../src/appointments/appointmentWords';
import { addDays } from '../src/appointments/centreTime';
import { placeProduct, setStockPlace } from '../src/appointments/stockPlaces';
import { orders, refunds } from '../src/db/schema';
import { seedCentres } from '../src/fittingCentres/centreSeed';
import { withAdminAndTwoShoppers } from './accounts';
import { linesOf, tyreAndPart } from './fixtures';

/**
 * A cancelled fitting appointment gives back its fitting lines (issue 46), worked by hand: a
 * German order of 4 tyres fitted at a Berlin centre, VAT 19 % inside every line.
 */

const contact = { name: 'Maria K.', address: 'At the centre', number: '+49 30 1234567' };
const everyDay = Array.from({ length: 7 }, () => ({ opens: '08:00', closes: '12:00' }));

describe('a cancelled fitting', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call, admin } = accounts;

  /**
   * A shopper's checkout of 4 tyres of 225/45 R17 fitted at a Berlin centre of its own (`code`),
   * placed and not paid yet.
   */
  const fittedCheckout = async (code: string) => {
    const berlin: FittingCentreBody = {
      ...seedCentres.find((centre) => centre.country === 'DE')!,
      code,
      timeZone: 'UTC',
      hours: everyDay,
      bays: 1,
    };
    const made = await call(admin, 'POST', '/api/fitting-centres', berlin);
    expect(made.statusCode).toBe(201);
    const centre = made.json() as FittingCentre;
    // A 225/45 R17 tyre at $89.50: €81.99 in Germany. On the centre's shelf: there at once.
    const { tyre } = await tyreAndPart(accounts.t.db);
    await setStockPlace(accounts.t.db, {
      code: `SHELF-${code}`,
      name: 'Shelf',
      centreId: centre._id,
    });
    await placeProduct(accounts.t.db, tyre.id, `SHELF-${code}`);
    const day = addDays(new Date().toISOString().slice(0, 10), 3);
    const slots = await call(
      null,
      'GET',
      `/api/fitting-centres/${centre._id}/slots?job=four&from=${day}&days=1&products=${tyre.id}`,
    );
    const startsAt = (slots.json() as Slots).day!.slots[0]!.startsAt;

    const shopper = await accounts.newShopper('fitted');
    await accounts.fillBag(shopper, [[tyre.id, 4]]);
    const placed = await call(shopper, 'POST', '/api/checkout', {
      ...contact,
      appointment: { centreId: centre._id, startsAt, job: 'four' },
    });
    expect(placed.statusCode).toBe(201);
    return { shopper, placed };
  };

  it('gives back exactly its fitting lines, VAT inside them, and keeps the tyres bought', async () => {
    const { shopper, placed } = await fittedCheckout('BER-REFUND');
    const { pricing } = placed.json();
    expect(pricing.currency).toBe('EUR');
    expect(linesOf(pricing)).toEqual([
      ['goods', 32796, 5236], // €81.99 × 4 = €327.96; × 19/119 = 52.3627 → €52.36
      ['fitting', 10000, 1597], // R17: €25.00 × 4 = €100.00; × 19/119 = 15.9664 → €15.97
      ['valves', 1600, 255], // €4.00 × 4 = €16.00; × 19/119 = 2.5546 → €2.55
      ['disposal', 1200, 192], // €3.00 × 4 = €12.00; × 19/119 = 1.9160 → €1.92
    ]);
    // VAT is inside: €327.96 + €100.00 + €16.00 + €12.00.
    expect(pricing.totalMinor).toBe(45596);
    await accounts.payCheckout(shopper, placed.json()._id);

    const [appointment] = (await call(shopper, 'GET', '/api/appointments')).json();
    const cancelled = await call(shopper, 'POST', `/api/appointments/${appointment._id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');

    // The fitting lines exactly: €100.00 + €16.00 + €12.00 = €128.00 (their €20.44 of VAT
    // inside). A share in proportion of the €455.96 would not be a sum of lines.
    const orderId = placed.json().orders[0]._id as string;
    const given = await accounts.t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(given.map((refund) => [refund.amountCents, refund.status])).toEqual([
      [12800, 'succeeded'],
    ]);
    const [order] = await accounts.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect([order!.status, order!.refundedCents]).toEqual(['paid', 12800]);
    const history = (await call(shopper, 'GET', `/api/order/${orderId}/history`)).json();
    expect(history.at(-1)).toMatchObject({
      action: 'refund',
      amount: 128,
      note: appointmentWords.fittingLinesBack,
    });
    // What is left to refund is the tyres: €327.96.
    const view = (await call(shopper, 'GET', `/api/order/${orderId}`)).json();
    expect(view.refunded).toBe(128);
  });

  it('takes its fitting lines off the total of a checkout not paid yet', async () => {
    const { shopper, placed } = await fittedCheckout('BER-UNPAID');
    const checkoutId = placed.json()._id as string;
    // €327.96 of tyres + €128.00 of fitting lines (as above), VAT inside: €455.96.
    expect(placed.json().pricing.totalMinor).toBe(45596);

    const [appointment] = (await call(shopper, 'GET', '/api/appointments')).json();
    const cancelled = await call(shopper, 'POST', `/api/appointments/${appointment._id}/cancel`);
    expect(cancelled.statusCode).toBe(200);

    // Nothing to refund: the fitting lines leave the checkout, its VAT with them (€52.36 of
    // the tyres' stays), and the card is asked for the tyres alone.
    const view = (await call(shopper, 'GET', `/api/checkout/${checkoutId}`)).json();
    expect(view.pricing.lines.map((l: { kind: string }) => l.kind)).toEqual(['goods']);
    expect([view.pricing.totalMinor, view.pricing.taxMinor, view.total]).toEqual([
      32796, 5236, 327.96,
    ]);
    const paid = await accounts.payCheckout(shopper, checkoutId);
    expect(paid.amount).toBe(32796);
    const given = await accounts.t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, placed.json().orders[0]._id as string));
    expect(given).toEqual([]);
  });
});
