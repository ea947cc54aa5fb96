import type { FittingCentre, FittingCentreBody, NearCentres } from '../../contract/fittingCentres';
import { seedCentres } from '../src/fittingCentres/centreSeed';
import { distanceKm, placeOfPostcode } from '../src/fittingCentres/postcodes';
import { withAdminAndTwoShoppers } from './accounts';
import { csvForm } from './csvForm';
import { bearer } from './identity';

const aCentre = (over: Partial<FittingCentreBody> = {}): FittingCentreBody => ({
  ...seedCentres[0]!,
  code: 'TEST-1',
  name: 'Test Garage',
  ...over,
});

describe('postcode centroids', () => {
  it('places US ZIPs from the zipcodes package and UK and German postcodes from the store’s table', () => {
    const midtown = placeOfPostcode('10001', 'US')!;
    const brooklyn = placeOfPostcode('11201-1234', 'US')!;
    expect(distanceKm(midtown, brooklyn)).toBeGreaterThan(3);
    expect(distanceKm(midtown, brooklyn)).toBeLessThan(10);
    expect(placeOfPostcode('sw1a 1aa', 'GB')).toEqual(placeOfPostcode('SW1A', 'GB'));
    const berlin = placeOfPostcode('10115', 'DE')!;
    const munich = placeOfPostcode('80331', 'DE')!;
    expect(distanceKm(berlin, munich)).toBeGreaterThan(450);
    expect(distanceKm(berlin, munich)).toBeLessThan(530);
    expect(placeOfPostcode('00000', 'US')).toBeNull();
    expect(placeOfPostcode('not a zip', 'US')).toBeNull();
  });
});

describe('fitting centres', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call } = accounts;

  it('seeds a handful, all offered to shoppers', async () => {
    const res = await call(null, 'GET', '/api/fitting-centres');
    expect(res.statusCode).toBe(200);
    const codes = (res.json() as FittingCentre[]).map((c) => c.code).sort();
    expect(codes).toEqual(seedCentres.map((c) => c.code).sort());
  });

  it('lets an admin add, change and delete a centre, and no one else', async () => {
    expect((await call(null, 'POST', '/api/fitting-centres', aCentre())).statusCode).toBe(401);
    expect((await call(accounts.bob, 'POST', '/api/fitting-centres', aCentre())).statusCode).toBe(
      403,
    );
    const added = await call(accounts.admin, 'POST', '/api/fitting-centres', aCentre());
    expect(added.statusCode).toBe(201);
    const centre = added.json() as FittingCentre;
    expect(centre.latitude).toBeCloseTo(placeOfPostcode('10001', 'US')!.latitude, 3);
    const again = await call(accounts.admin, 'POST', '/api/fitting-centres', aCentre());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Another fitting centre has the code TEST-1.');

    const closedMonday = aCentre({ active: false, closedDays: ['2027-01-01'] });
    const changed = await call(
      accounts.admin,
      'PUT',
      `/api/fitting-centres/${centre._id}`,
      closedMonday,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ active: false, closedDays: ['2027-01-01'] });
    // Inactive: not offered to shoppers, still listed for admins.
    expect((await call(null, 'GET', `/api/fitting-centres/${centre._id}`)).statusCode).toBe(404);
    const all = (await call(accounts.admin, 'GET', '/api/fitting-centres/all')).json();
    expect((all as FittingCentre[]).some((c) => c._id === centre._id)).toBe(true);

    const gone = await call(accounts.admin, 'DELETE', `/api/fitting-centres/${centre._id}`);
    expect(gone.statusCode).toBe(204);
    expect(
      (await call(accounts.admin, 'DELETE', `/api/fitting-centres/${centre._id}`)).statusCode,
    ).toBe(404);
  });

  it('refuses hours, time zones and postcodes that cannot be, in words', async () => {
    const cases: Array<[Partial<FittingCentreBody>, string]> = [
      [
        { hours: [null, { opens: '18:00', closes: '08:00' }, null, null, null, null, null] },
        'Monday: the closing time must be after the opening time.',
      ],
      [
        { timeZone: 'Mars/Olympus' },
        'Mars/Olympus is not a time zone name: write one like America/New_York or Europe/Berlin.',
      ],
      [
        { postcode: 'SW1A 1AA' },
        'The postcode must be a five-digit ZIP, as in 10001 in the United States.',
      ],
      [
        { postcode: '99999' },
        'We do not know where 99999 is in the United States: check the postcode.',
      ],
    ];
    for (const [change, message] of cases) {
      const res = await call(accounts.admin, 'POST', '/api/fitting-centres', aCentre(change));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  describe('finding one near a postcode', () => {
    const near = async (query: string) => {
      const res = await call(null, 'GET', `/api/fitting-centres/near?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as NearCentres;
    };

    it('lists the nearest first, with the distance and whether mobile fitters come', async () => {
      const found = await near('postcode=10003&country=US');
      expect(found.offered.map((o) => o.centre.code).slice(0, 2)).toEqual([
        'NYC-MIDTOWN',
        'NYC-BROOKLYN',
      ]);
      expect(found.offered[0]!.mobile).toBe(true);
      expect(found.offered[1]!.mobile).toBe(false);
      const distances = found.offered.map((o) => o.distanceKm);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(found.offered.every((o) => o.centre.country === 'US')).toBe(true);
    });

    it('leaves out centres that cannot fit the tyres, saying why', async () => {
      const found = await near('postcode=11201&country=US&rim=19&runFlat=true');
      expect(found.offered[0]!.centre.code).toBe('NYC-MIDTOWN');
      const brooklyn = found.leftOut.find((l) => l.centre.code === 'NYC-BROOKLYN')!;
      expect(brooklyn.reasons).toEqual([
        'It fits rims up to 18 inches; these tyres are for 19-inch rims.',
        'It does not fit run-flat tyres.',
      ]);
      expect(found.offered.some((o) => o.centre.code === 'NYC-BROOKLYN')).toBe(false);
      const german = await near('postcode=80331&country=DE&tpms=true&highPerformance=true');
      expect(german.offered.map((o) => o.centre.code)).toEqual(['BER-MITTE']);
      expect(german.leftOut[0]!.reasons).toEqual(['It does not fit high-performance tyres.']);
    });

    it('says so for a postcode it does not know', async () => {
      const res = await call(
        null,
        'GET',
        '/api/fitting-centres/near?postcode=ZZ9%209ZZ&country=GB',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'We do not know where ZZ9 9ZZ is in the United Kingdom: check the postcode.',
      );
    });
  });

  describe('the centres CSV', () => {
    const importCsv = (text: string, query = '', email = accounts.admin) => {
      const form = csvForm(text, { filename: 'centres.csv' });
      return accounts.t.app.inject({
        method: 'POST',
        url: `/api/fitting-centres/import${query}`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(accounts.tokens[email]!) },
      });
    };
    const header =
      'code,name,kind,street,city,postcode,country,timeZone,sunday,monday,tuesday,wednesday,thursday,friday,saturday,closedDays,bays,maxRim,runFlat,tpms,highPerformance,mobilePostcodes,mobileRadiusKm,active';
    const file = [
      header,
      'CSV-A,Garage A,partner,1 Main St,Chicago,60602,US,America/Chicago,closed,08:00-17:00,08:00-17:00,08:00-17:00,08:00-17:00,08:00-17:00,,2026-12-25 2027-01-01,3,19,yes,no,no,,,yes',
      'CSV-B,Garage B,partner,2 Main St,Chicago,60603,US,America/Chicago,closed,17:00-08:00,,,,,,,3,19,no,no,no,,,yes', // hours upside down
      'CSV-C,Garage C,partner,3 Main St,Chicago,60604,US,America/Chicago,closed,,,,,,,2026-02-30,3,19,no,no,no,,,yes', // no such day
      'CSV-D,Garage D,partner,4 Main St,Chicago,60605,US,America/Chicago,closed,,,,,,,,3,30,no,no,no,,,yes', // rim too large
      'CSV-A,Garage A again,partner,1 Main St,Chicago,60602,US,America/Chicago,,,,,,,,,3,19,no,no,no,,,yes',
      'BER-MITTE,Reifenservice Berlin Mitte,own,Invalidenstraße 50,Berlin,10115,DE,Europe/Berlin,closed,08:00-18:00,08:00-18:00,08:00-18:00,08:00-18:00,08:00-18:00,09:00-14:00,,5,22,yes,yes,yes,,,yes',
      'LDN-SOUTHWARK,Southwark Tyre Centre,own,12 Borough High St,London,SE1 9QQ,GB,Europe/London,closed,08:00-18:00,08:00-18:00,08:00-18:00,08:00-18:00,08:00-18:00,09:00-14:00,,6,22,yes,yes,yes,SE1; SW1; EC1; WC2,,yes',
    ].join('\n');

    it('checks a file without storing it (dry run), with the rejected rows by line', async () => {
      const res = await importCsv(file, '?dryRun=true');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        dryRun: true,
        rows: 7,
        added: 1,
        updated: 1,
        unchanged: 1,
        rejectedCount: 4,
        rejected: [
          {
            line: 3,
            code: 'CSV-B',
            message: 'Monday: the closing time must be after the opening time.',
          },
          {
            line: 4,
            code: 'CSV-C',
            message:
              'closedDays: 2026-02-30 is not a day written as YYYY-MM-DD (separate days with spaces or ;).',
          },
          { line: 5, code: 'CSV-D', message: 'maxRim must be a whole number from 13 to 24.' },
          { line: 6, code: 'CSV-A', message: 'This centre is on line 2 already.' },
        ],
      });
      const codes = (
        (await call(null, 'GET', '/api/fitting-centres')).json() as FittingCentre[]
      ).map((c) => c.code);
      expect(codes).not.toContain('CSV-A');
    });

    it('stores the valid rows and exports them back unchanged', async () => {
      const res = await importCsv(file);
      expect(res.json()).toMatchObject({ dryRun: false, added: 1, updated: 1, rejectedCount: 4 });
      const centres = (await call(null, 'GET', '/api/fitting-centres')).json() as FittingCentre[];
      const a = centres.find((c) => c.code === 'CSV-A')!;
      expect(a).toMatchObject({
        closedDays: ['2026-12-25', '2027-01-01'],
        capabilities: { maxRim: 19, runFlat: true, tpms: false, highPerformance: false },
        mobile: null,
      });
      expect(a.hours[0]).toBeNull();
      expect(a.hours[1]).toEqual({ opens: '08:00', closes: '17:00' });
      expect(centres.find((c) => c.code === 'LDN-SOUTHWARK')!.bays).toBe(6);
      const exported = await accounts.t.app.inject({
        url: '/api/fitting-centres/export.csv',
        headers: bearer(accounts.tokens[accounts.admin]!),
      });
      expect(exported.statusCode).toBe(200);
      const again = await importCsv(exported.body.replace(/^\uFEFF/, ''), '?dryRun=true');
      expect(again.json()).toMatchObject({ added: 0, updated: 0, rejectedCount: 0 });
    });

    it('is for admins only, and refuses unknown columns in words', async () => {
      expect((await importCsv(file, '', accounts.alice)).statusCode).toBe(403);
      const odd = await importCsv('code,name,colour\nX1,Y,red\n');
      expect(odd.statusCode).toBe(400);
      expect(odd.json().message).toMatch(/column "colour" the store does not know/);
    });
  });
});
