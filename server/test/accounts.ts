import { signedInCalls } from './calls';
import { appToken, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

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
  return Object.assign(accounts, { call });
}
