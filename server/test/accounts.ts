import { signedInCalls } from './calls';
import { appToken, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/** A card the local payment provider takes. */
export const TEST_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
};

/**
 * The API on a fresh database with three signed-in accounts, an admin and two shoppers (alice
 * and bob), for a describe block: started before its tests, closed after them. All three have
 * verified their email (admins must; shoppers must to hold stock).
 */
export function withAdminAndTwoShoppers() {
  const admin = uniqueEmail('admin');
  const alice = uniqueEmail('alice');
  const bob = uniqueEmail('bob');
  const accounts = {
    admin,
    alice,
    bob,
    /** App tokens by email. */
    tokens: {} as Record<string, string>,
    /** Set once the block's tests start. */
    t: undefined as unknown as TestApp,
  };
  /** A call to the API as one of the three (by email), or as nobody (null). */
  const call = signedInCalls(
    () => accounts.t,
    (email) => accounts.tokens[email],
  );
  beforeAll(async () => {
    accounts.t = await startTestApp({ adminEmails: [admin] });
    for (const email of [admin, alice, bob]) {
      accounts.tokens[email] = await appToken(accounts.t.app, email, { verified: true });
    }
  });
  afterAll(() => accounts.t.close());

  /** Another verified shopper, of the test's own. */
  const newShopper = async (name = 'shopper') => {
    const email = uniqueEmail(name);
    accounts.tokens[email] = await appToken(accounts.t.app, email, { verified: true });
    return email;
  };
  /** Puts each product in the shopper's bag in its quantity. */
  const fillBag = async (email: string, lines: Array<[productId: string, quantity: number]>) => {
    for (const [productId, quantity] of lines) {
      expect(
        (await call(email, 'PUT', `/api/bag/items/${productId}`, { quantity })).statusCode,
      ).toBe(200);
    }
  };
  /** Pays a checkout by card through the local provider: the PaymentIntent it confirmed. */
  const payCheckout = async (email: string, checkoutId: string) => {
    const intent = await call(email, 'POST', '/api/create-Payment-Intent', { checkoutId });
    expect(intent.statusCode).toBe(200);
    const confirmed = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: intent.json().clientSecret, card: TEST_CARD },
    });
    expect(confirmed.statusCode).toBe(200);
    return confirmed.json().paymentIntent as { id: string; amount: number };
  };
  return Object.assign(accounts, { call, newShopper, fillBag, payCheckout });
}
