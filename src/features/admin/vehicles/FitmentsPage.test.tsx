import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { FITMENT_COLUMNS } from '@contract/fitmentColumns';
import type { FitmentImportReport } from '@contract/vehicles';
import { testFile } from '../../../test/files';
import { streamedImport } from '../../../test/importStream';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast } from '../../../test/toastAlerts';
import { withToasts } from '../../../test/toasts';
import { useGetVehicleMakesQuery } from '../../../shared/vehicles/vehiclesApi';
import { FitmentsPage } from './FitmentsPage';

const dryRun: FitmentImportReport = {
  dryRun: true,
  rows: 3,
  added: 1,
  updated: 1,
  unchanged: 0,
  rejectedCount: 1,
  rejected: [
    {
      line: 3,
      car: 'VW Golf VII 1.4 TSI',
      message: 'front must be a tyre size as the sidewall writes it, for example 205/55 R16.',
    },
  ],
  failure: null,
};
const stored: FitmentImportReport = { ...dryRun, dryRun: false };

/** The picker's list of makes, as a shopper's tab of the same app would hold it. */
function MakesInCache() {
  const { data } = useGetVehicleMakesQuery();
  return <p data-testid="makes">{data?.join(', ')}</p>;
}

function renderFitments() {
  return renderRoutes(
    withToasts([
      {
        path: '*',
        element: (
          <>
            <FitmentsPage />
            <MakesInCache />
          </>
        ),
      },
    ]),
    '/dashboard/fitments',
    { auth: signedInAuth({ admin: true }) },
  );
}

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

describe('Car fitments', () => {
  it('names the columns the API reads', () => {
    renderFitments();
    expect(screen.getByRole('heading', { level: 1, name: 'Car fitments' })).toBeInTheDocument();
    expect(screen.getByText(FITMENT_COLUMNS.join(', '))).toBeInTheDocument();
  });

  it('checks the file with a dry run, shows a rejected line by number, then imports', async () => {
    const seen: { dryRun: string | null; auth: string | null; file: string }[] = [];
    let makes = ['Volkswagen'];
    server.use(
      http.get('/api/vehicles/makes', () => HttpResponse.json(makes)),
      http.post('/api/vehicles/import', async ({ request }) => {
        const url = new URL(request.url);
        const file = (await request.formData()).get('file') as File;
        seen.push({
          dryRun: url.searchParams.get('dryRun'),
          auth: request.headers.get('authorization'),
          file: file.name,
        });
        const isDryRun = url.searchParams.get('dryRun') === 'true';
        if (!isDryRun) makes = ['Skoda', 'Volkswagen'];
        return streamedImport(isDryRun ? dryRun : stored);
      }),
    );
    renderFitments();
    expect(await screen.findByText('Volkswagen')).toBeInTheDocument();
    await userEvent.upload(
      screen.getByLabelText('Fitments (CSV)'),
      testFile('fitments.csv', 'text/csv', 200),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));

    const report = await screen.findByRole('region', { name: 'What the import would do' });
    expect(
      within(report).getByText(
        '3 rows read: 1 would be added, 1 updated, 0 unchanged and 1 rejected.',
      ),
    ).toBeInTheDocument();
    const rejected = within(report).getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByRole('columnheader', { name: 'Car' })).toBeInTheDocument();
    const cells = within(within(rejected).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '3',
      'VW Golf VII 1.4 TSI',
      'front must be a tyre size as the sidewall writes it, for example 205/55 R16.',
    ]);
    expect(seen).toEqual([{ dryRun: 'true', auth: 'Bearer admin-token', file: 'fitments.csv' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows, skip the rejected' }));
    const done = await screen.findByRole('region', { name: 'What the import did' });
    expect(
      within(done).getByText('Imported: 1 added, 1 updated, 0 unchanged. 1 row rejected, skipped.'),
    ).toBeInTheDocument();
    await expectToast('Imported: 2 car versions stored.');
    expect(seen.map((call) => call.dryRun)).toEqual(['true', 'false']);
    // The lists of cars cached in this tab are asked for again, not kept for their 5 minutes.
    expect(await screen.findByText('Skoda, Volkswagen')).toBeInTheDocument();
  });

  it('downloads the fitments as CSV', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:fitments');
    URL.revokeObjectURL = jest.fn();
    // jsdom cannot follow a download: record the file the link would save instead.
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const auth: (string | null)[] = [];
    server.use(
      http.get('/api/vehicles/export.csv', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return new HttpResponse(`${FITMENT_COLUMNS.join(',')}\n`, {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="car-fitments-2026-11-27.csv"',
          },
        });
      }),
    );
    renderFitments();
    await userEvent.click(screen.getByRole('button', { name: 'Download fitments (CSV)' }));
    await expectToast('The fitments were saved as car-fitments-2026-11-27.csv.');
    expect(auth).toEqual(['Bearer admin-token']);
    expect(saved).toEqual(['car-fitments-2026-11-27.csv']);
    click.mockRestore();
  });

  it("says the API's refusal of the file in words", async () => {
    server.use(
      http.post('/api/vehicles/import', () =>
        HttpResponse.json(
          { error: 'Bad Request', message: 'The file needs the columns front.' },
          { status: 400 },
        ),
      ),
    );
    renderFitments();
    await userEvent.upload(
      screen.getByLabelText('Fitments (CSV)'),
      testFile('fitments.csv', 'text/csv', 200),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    await expectToast('The file needs the columns front.');
    expect(screen.queryByRole('region', { name: 'What the import would do' })).toBeNull();
  });
});
