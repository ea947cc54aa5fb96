import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ImportReport } from '@contract/productChanges';
import { FakeXhr } from '../../../test/fakeXhr';
import { testFile } from '../../../test/files';
import { ndjson, streamedImport } from '../../../test/importStream';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast } from '../../../test/toastAlerts';
import { withToasts } from '../../../test/toasts';
import { ImportProductsPage } from './ImportProductsPage';

const dryRun: ImportReport = {
  dryRun: true,
  rows: 4,
  added: 1,
  updated: 2,
  unchanged: 0,
  stockKept: 1,
  rejectedCount: 1,
  rejected: [{ line: 4, sku: 'BAD-1', message: 'Price ($) must be 0 or more.' }],
  failure: null,
};
const stored: ImportReport = { ...dryRun, dryRun: false };

function renderImport() {
  return renderRoutes(
    withToasts([{ path: '*', element: <ImportProductsPage /> }]),
    '/dashboard/products/import',
    { auth: signedInAuth({ admin: true }) },
  );
}

const fileInput = () => screen.getByLabelText('Price list (CSV)');
const csv = () => testFile('prices.csv', 'text/csv', 300);

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

describe('Import products', () => {
  it('checks the file first, shows the rejected rows, then imports on confirm', async () => {
    const seen: {
      dryRun: string | null;
      accept: string | null;
      auth: string | null;
      file: string;
    }[] = [];
    server.use(
      http.post('/api/product/import', async ({ request }) => {
        const url = new URL(request.url);
        const file = (await request.formData()).get('file') as File;
        seen.push({
          dryRun: url.searchParams.get('dryRun'),
          accept: request.headers.get('accept'),
          auth: request.headers.get('authorization'),
          file: file.name,
        });
        return streamedImport(url.searchParams.get('dryRun') === 'true' ? dryRun : stored);
      }),
    );
    renderImport();
    expect(screen.getByRole('heading', { level: 1, name: 'Import products' })).toBeInTheDocument();
    await userEvent.upload(fileInput(), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));

    const report = await screen.findByRole('region', { name: 'What the import would do' });
    expect(
      within(report).getByText(
        '4 rows read: 1 would be added, 2 updated, 0 unchanged and 1 rejected.',
      ),
    ).toBeInTheDocument();
    const rejected = within(report).getByRole('table', { name: 'Rejected rows' });
    const row = within(rejected).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('4');
    expect(row).toHaveTextContent('BAD-1');
    expect(row).toHaveTextContent('Price ($) must be 0 or more.');
    expect(
      within(report).getByText(/1 row of products already in the catalogue gave a stock count/),
    ).toHaveTextContent('Stock moves only by Restock and orders, so it will be left as it is.');
    expect(seen).toEqual([
      {
        dryRun: 'true',
        accept: 'application/x-ndjson',
        auth: 'Bearer admin-token',
        file: 'prices.csv',
      },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Import 3 rows, skip the rejected' }));
    const done = await screen.findByRole('region', { name: 'What the import did' });
    expect(
      within(done).getByText('Imported: 1 added, 2 updated, 0 unchanged. 1 row rejected, skipped.'),
    ).toBeInTheDocument();
    await expectToast('Imported: 3 products stored.');
    expect(seen.map((call) => call.dryRun)).toEqual(['true', 'false']);
    expect(screen.getByRole('link', { name: 'See the products' })).toBeInTheDocument();
  });

  it('shows the upload’s progress, then the rows checked', async () => {
    const restore = FakeXhr.install();
    try {
      renderImport();
      await userEvent.upload(fileInput(), csv());
      await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
      const xhr = FakeXhr.requests[0]!;
      expect(xhr.url).toMatch(/\/api\/product\/import\?dryRun=true$/);
      expect(xhr.headers.accept).toBe('application/x-ndjson');

      act(() => xhr.progress(150, 300));
      const upload = screen.getByRole('progressbar', { name: 'Uploading the file' });
      expect(upload).toHaveAttribute('value', '50');
      act(() => xhr.progress(300, 300));
      // A line arrives in two pieces: nothing is read until it is whole.
      const line = JSON.stringify({ progress: { phase: 'checking', done: 1, total: 4 } });
      act(() => xhr.stream(200, line.slice(0, 20)));
      expect(screen.getByRole('progressbar', { name: 'Checking rows' })).not.toHaveAttribute(
        'value',
      );
      act(() => xhr.stream(200, `${line.slice(20)}\n`));
      expect(screen.getByRole('progressbar', { name: 'Checking rows: 1 of 4' })).toHaveAttribute(
        'value',
        '25',
      );
      act(() => xhr.respond(200, `${line}\n${ndjson({ report: dryRun })}`));
      expect(
        await screen.findByRole('region', { name: 'What the import would do' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('refuses a file too large before sending it, and says why a file was refused', async () => {
    let calls = 0;
    server.use(
      http.post('/api/product/import', () => {
        calls += 1;
        return HttpResponse.json(
          { error: 'Bad Request', message: 'The file has no sku column.' },
          { status: 400 },
        );
      }),
    );
    renderImport();
    const big = csv();
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    await userEvent.upload(fileInput(), big);
    expect(
      screen.getByText(
        'This file is 51.0 MB: at most 50 MB can be imported at once. Split it into smaller files.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(calls).toBe(0);

    await userEvent.upload(fileInput(), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    await expectToast('The file has no sku column.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Check the file' })).toBeEnabled(),
    );
    expect(calls).toBe(1);
  });
});
