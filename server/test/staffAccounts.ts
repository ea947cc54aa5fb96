import { STAFF_ROLES, type StaffRole } from '../../contract/staff';
import { signedInCalls } from './calls';
import { makeProduct, orderBody } from './fixtures';
import { appToken, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/**
 * The API on a fresh database with one person per staff role (the owner by ADMIN_EMAILS, every
 * other role given by the owner through the API), a shopper (alice) and a second shopper (bob),
 * for a describe block. All have verified their email.
 */
export function withStaff() {
  const people = Object.fromEntries(STAFF_ROLES.map((role) => [role, uniqueEmail(role)])) as Record<
    StaffRole,
    string
  >;
  const staff = {
    people,
    alice: uniqueEmail('alice'),
    bob: uniqueEmail('bob'),
    tokens: {} as Record<string, string>,
    t: undefined as unknown as TestApp,
  };
  const call = signedInCalls(
    () => staff.t,
    (email) => staff.tokens[email],
  );
  beforeAll(async () => {
    staff.t = await startTestApp({ adminEmails: [people.owner] });
    for (const email of [...Object.values(people), staff.alice, staff.bob]) {
      staff.tokens[email] = await appToken(staff.t.app, email, { verified: true });
    }
    for (const role of STAFF_ROLES.filter((role) => role !== 'owner')) {
      const given = await call(people.owner, 'PUT', `/api/staff/${people[role]}`, {
        roles: [role],
      });
      if (given.statusCode !== 200) throw new Error(`giving ${role}: ${given.body}`);
    }
  });
  afterAll(() => staff.t.close());
  /** An order of alice's for `quantity` units of a new product, paid by card: its id. */
  const paidOrder = async (quantity: number) => {
    const product = await makeProduct(staff.t.db, { availableQuantity: 20 });
    const placed = await call(staff.alice, 'POST', '/api/order', orderBody(product.id, quantity));
    const id = placed.json()._id as string;
    const intent = await call(staff.alice, 'POST', '/api/create-Payment-Intent', { orderId: id });
    const confirm = await staff.t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: intent.json().clientSecret, card: TEST_CARD },
    });
    if (confirm.statusCode !== 200) throw new Error(`paying: ${confirm.body}`);
    return id;
  };
  return Object.assign(staff, { call, paidOrder });
}
