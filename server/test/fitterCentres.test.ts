import { eq } from 'drizzle-orm';
import type { FitterDay } from '../../contract/appointments';
import type { FittingCentre, FittingCentreBody } from '../../contract/fittingCentres';
import type { AuditEntry, StaffMember } from '../../contract/staff';
import { appointments } from '../src/appointments/appointmentSchema';
import { users } from '../src/db/schema';
import { seedCentres } from '../src/fittingCentres/centreSeed';
import { refusals } from '../src/refusals';
import { withStaff } from './staffAccounts';

/**
 * A fitter is scoped to their fitting centres (issue 52): the owner names them on the staff
 * page; the fitter's day and the marks of other centres are refused in words; a fitter named to
 * no centre (the role as it was before) runs every centre.
 */
describe("a fitter's centres", () => {
  const staff = withStaff();
  const { people, call } = staff;
  const db = () => staff.t.db;
  let counter = 0;

  async function aCentre(name: string): Promise<FittingCentre> {
    counter += 1;
    const body: FittingCentreBody = { ...seedCentres[0]!, code: `SCOPE-${counter}`, name };
    const res = await call(people.owner, 'POST', '/api/fitting-centres', body);
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  /** A booked appointment of alice's at the centre, two hours from now. */
  async function anAppointment(centre: FittingCentre): Promise<string> {
    const [alice] = await db().select().from(users).where(eq(users.email, staff.alice));
    const [row] = await db()
      .insert(appointments)
      .values({
        centreId: centre._id,
        bay: 1,
        startsAt: new Date(Date.now() + 2 * 3_600_000),
        endsAt: new Date(Date.now() + 3 * 3_600_000),
        job: 'four',
        car: `Car at ${centre.name}`,
        userId: alice!.id,
        tyresReadyAt: new Date(),
      })
      .returning();
    return row!.id;
  }

  const setCentres = (centres: string[] | null) =>
    call(people.owner, 'PUT', `/api/staff/${people.fitting}`, { roles: ['fitting'], centres });

  it("runs only the fitter's own centres: their day, their marks, the centres they pick from", async () => {
    const north = await aCentre('North Garage');
    const south = await aCentre('South Garage');
    const atNorth = await anAppointment(north);
    const atSouth = await anAppointment(south);

    const given = await setCentres([north._id]);
    expect(given.statusCode).toBe(200);
    expect((given.json() as StaffMember).centres).toEqual([north._id]);
    const me = await call(people.fitting, 'GET', '/api/staff/me');
    expect(me.json().centres).toEqual([north._id]);

    const own = await call(people.fitting, 'GET', `/api/fitting-centres/${north._id}/day`);
    expect(own.statusCode).toBe(200);
    expect((own.json() as FitterDay).appointments.map((a) => a._id)).toEqual([atNorth]);
    const other = await call(people.fitting, 'GET', `/api/fitting-centres/${south._id}/day`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(refusals.staff.notYourCentre);

    const markOther = await call(people.fitting, 'POST', `/api/appointments/${atSouth}/status`, {
      status: 'arrived',
    });
    expect(markOther.statusCode).toBe(403);
    expect(markOther.json().message).toBe(refusals.staff.notYourCentre);
    const [south1] = await db().select().from(appointments).where(eq(appointments.id, atSouth));
    expect(south1!.status).toBe('booked');
    const markOwn = await call(people.fitting, 'POST', `/api/appointments/${atNorth}/status`, {
      status: 'arrived',
    });
    expect(markOwn.statusCode).toBe(200);
    expect(markOwn.json().status).toBe('arrived');

    const mine = await call(people.fitting, 'GET', '/api/fitting-centres/mine');
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as FittingCentre[]).map((c) => c._id)).toEqual([north._id]);
    // The shop's fitting days are every centre's: not a scoped fitter's to change.
    const week = await call(people.fitting, 'PUT', '/api/fitting-schedule', {
      places: [0, 1, 1, 1, 1, 1, 1],
    });
    expect(week.statusCode).toBe(403);
    expect(week.json().message).toBe(refusals.staff.notEveryCentre);

    // The owner and admins run every centre.
    for (const boss of [people.owner, people.admin]) {
      const day = await call(boss, 'GET', `/api/fitting-centres/${south._id}/day`);
      expect(day.statusCode).toBe(200);
    }
  });

  it('every centre when none is named; none once the only one is deleted; dropped with the role', async () => {
    const east = await aCentre('East Garage');
    const west = await aCentre('West Garage');
    expect((await setCentres(null)).json().centres).toBeNull();
    for (const centre of [east, west]) {
      const day = await call(people.fitting, 'GET', `/api/fitting-centres/${centre._id}/day`);
      expect(day.statusCode).toBe(200);
    }
    const all = (await call(people.fitting, 'GET', '/api/fitting-centres/mine')).json();
    expect(all.map((c: FittingCentre) => c._id)).toEqual(expect.arrayContaining([east._id]));

    // Scoped to the west only, then the west is deleted: the fitter runs no centre, not all.
    expect((await setCentres([west._id])).statusCode).toBe(200);
    expect(
      (await call(people.owner, 'DELETE', `/api/fitting-centres/${west._id}`)).statusCode,
    ).toBe(204);
    const none = await call(people.fitting, 'GET', `/api/fitting-centres/${east._id}/day`);
    expect(none.statusCode).toBe(403);
    expect((await call(people.fitting, 'GET', '/api/fitting-centres/mine')).json()).toEqual([]);

    // Roles given without `centres` keep them; taking the role drops them.
    expect((await setCentres([east._id])).statusCode).toBe(200);
    const kept = await call(people.owner, 'PUT', `/api/staff/${people.fitting}`, {
      roles: ['fitting', 'support'],
    });
    expect(kept.json().centres).toEqual([east._id]);
    const taken = await call(people.owner, 'PUT', `/api/staff/${people.fitting}`, {
      roles: ['support'],
    });
    expect(taken.json().centres).toBeNull();
    const back = await call(people.owner, 'PUT', `/api/staff/${people.fitting}`, {
      roles: ['fitting'],
    });
    expect(back.json().centres).toBeNull();
  });

  it('refuses centres without the fitting role, and centres that do not exist, in words', async () => {
    const centre = await aCentre('Lone Garage');
    const noRole = await call(people.owner, 'PUT', `/api/staff/${people.support}`, {
      roles: ['support'],
      centres: [centre._id],
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe(refusals.staff.centresNeedFitting);
    const unknown = await setCentres([centre._id, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(refusals.staff.noSuchCentre);
  });

  it('writes the centres into the audit trail with the roles', async () => {
    const centre = await aCentre('Audit Garage');
    expect((await setCentres(null)).statusCode).toBe(200);
    expect((await setCentres([centre._id])).statusCode).toBe(200);
    const res = await call(
      people.owner,
      'GET',
      `/api/audit?kind=roles&object=${encodeURIComponent(people.fitting)}`,
    );
    const [latest] = res.json() as AuditEntry[];
    expect(latest).toMatchObject({
      by: people.owner,
      before: { roles: ['fitting'], centres: null },
      after: { roles: ['fitting'], centres: [centre._id] },
    });
  });
});
