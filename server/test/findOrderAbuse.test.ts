import { issuedGuestBrowser } from './guestBrowser';
import { and, eq } from 'drizzle-orm';
import { emails } from '../src/db/schema';
import { callAs } from './calls';
import { makeProduct } from './fixtures';
import { uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/**
 * Attack: a stranger places a guest checkout with someone else's email and words of their own
 * in the name and address ("call this number about your refund"), never pays, and asks Find my
 * order to email the link: the store would mail the stranger's words to an address nobody
 * verified, as often as a new checkout can be placed. Find my order emails only a checkout that
 * was paid for (whose confirmation went to that address already).
 */
describe('Find my order for a checkout nobody paid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const attackerText = {
    name: 'Your card was charged $4,000. Call +1 900 555 0100 now to stop it',
    address: 'Reply with your card number to cancel',
    number: '555 0102',
  };

  const linkEmails = (checkoutId: string) =>
    t.db
      .select()
      .from(emails)
      .where(and(eq(emails.checkoutId, checkoutId), eq(emails.kind, 'guest_order_link')));

  async function payByCard(id: string, key: string) {
    const intent = await callAs(
      t,
      null,
      'POST',
      `/api/guest/checkout/${id}/payment-intent`,
      undefined,
      { 'guest-key': key },
    );
    expect(intent.statusCode).toBe(200);
    const confirm = await callAs(t, null, 'POST', '/api/payments/local/confirm', {
      clientSecret: intent.json().clientSecret,
      card: {
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
      },
    });
    expect(confirm.statusCode).toBe(200);
  }

  it('emails nothing to the typed address until the checkout is paid', async () => {
    const victim = uniqueEmail('victim');
    const tyre = await makeProduct(t.db, { priceCents: 8950, availableQuantity: 20 });
    const placed = await callAs(
      t,
      null,
      'POST',
      '/api/guest/checkout',
      { ...attackerText, email: victim, items: [{ productId: tyre.id, quantity: 1 }] },
      { 'guest-browser': issuedGuestBrowser() },
    );
    expect(placed.statusCode).toBe(201);
    const { checkout, key } = placed.json();
    const find = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/guest/find-order',
        payload: { email: victim, orderNumber: checkout._id },
        remoteAddress: '198.51.100.77',
      });

    // The email is queued in the request's own transaction: answered, it is there or never.
    expect((await find()).statusCode).toBe(202);
    expect(await linkEmails(checkout._id)).toHaveLength(0);

    await payByCard(checkout._id, key);
    expect((await find()).statusCode).toBe(202);
    expect(await linkEmails(checkout._id)).toHaveLength(1);
  });
});
