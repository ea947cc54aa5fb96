import { STAFF_ROLES, type StaffRole } from '../../contract/staff';
import { signedInCalls } from './calls';
import { appToken, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

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
  return Object.assign(staff, { call });
}
