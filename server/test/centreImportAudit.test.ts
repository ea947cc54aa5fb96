import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema';
import { withAdminAndTwoShoppers } from './accounts';
import { csvForm } from './csvForm';
import { bearer } from './identity';

/**
 * Attack: an admin rewrites fitting centres through the CSV import instead of the form, so the
 * change leaves no row in the audit trail. Every stored batch must be recorded, as the form's
 * changes and the other imports are.
 */
describe('the fitting centres import in the audit trail', () => {
  const accounts = withAdminAndTwoShoppers();
  const header =
    'code,name,kind,street,city,postcode,country,timeZone,sunday,monday,tuesday,wednesday,thursday,friday,saturday,closedDays,bays,maxRim,runFlat,tpms,highPerformance,mobilePostcodes,mobileRadiusKm,active';
  const row = (name: string) =>
    `AUD-1,${name},partner,1 Main St,Chicago,60602,US,America/Chicago,closed,08:00-17:00,08:00-17:00,08:00-17:00,08:00-17:00,08:00-17:00,,,3,19,yes,no,no,,,yes`;

  const importCsv = (text: string, query = '') => {
    const form = csvForm(text, { filename: 'quiet-change.csv' });
    return accounts.t.app.inject({
      method: 'POST',
      url: `/api/fitting-centres/import${query}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(accounts.tokens[accounts.admin]!) },
    });
  };
  const importRows = () =>
    accounts.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'fitting'), eq(auditEvents.action, 'import')));

  it('records who stored which file, and nothing for a dry run', async () => {
    const dry = await importCsv([header, row('Garage A')].join('\n'), '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(await importRows()).toHaveLength(0);

    const stored = await importCsv([header, row('Garage A')].join('\n'));
    expect(stored.json()).toMatchObject({ dryRun: false, added: 1 });
    const renamed = await importCsv([header, row('Garage A renamed')].join('\n'));
    expect(renamed.json()).toMatchObject({ dryRun: false, updated: 1 });

    const rows = await importRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorEmail: accounts.admin.toLowerCase(),
      objectType: 'file',
      objectId: 'quiet-change.csv',
      call: 'POST /api/fitting-centres/import',
    });
    expect(rows.map((r) => r.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ added: 1, updated: 0, codes: ['AUD-1'] }),
        expect.objectContaining({ added: 0, updated: 1, codes: ['AUD-1'] }),
      ]),
    );
  });
});
