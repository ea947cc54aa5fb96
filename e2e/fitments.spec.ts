import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FITMENT_COLUMNS } from '../contract/fitmentColumns';
import { shootBothWidths, signInAt } from './support';

/**
 * Issue 33's back office: an admin downloads the car fitments as CSV, then checks a file with a
 * bad line (a dry run: nothing is stored, so other journeys keep the seeded cars) and sees the
 * line by its number and why.
 */

const ADMIN = 'admin@store.test';

test('an admin exports the fitments, then a dry run names the bad line of a file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAt(page, '/dashboard/fitments', ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Car fitments' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Car fitments' }),
  ).toHaveClass(/active/);

  // Export: every car version, the columns the import reads.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download fitments (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^car-fitments-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = (await fs.readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...cars] = exported.trim().split(/\r?\n/);
  expect(header).toBe(FITMENT_COLUMNS.join(','));
  expect(cars.some((row) => row.startsWith('VW,Golf,VII,1.4 TSI,'))).toBe(true);

  // The first three cars back (lines 2 to 4), and a bad one on line 5.
  const bad = FITMENT_COLUMNS.map(
    (column) =>
      ({ make: 'VW', model: 'Golf', generation: 'VII', engine: '1.0 TSI', yearFrom: '2017' })[
        column as string
      ] ?? (column === 'front' ? 'not a size' : ''),
  ).join(',');
  const csv = [header, ...cars.slice(0, 3), bad].join('\n');
  await page.getByLabel('Fitments (CSV)').setInputFiles({
    name: 'fitments.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();

  const report = page.getByRole('region', { name: 'What the import would do' });
  await expect(report).toContainText('4 rows read:');
  await expect(report).toContainText('3 unchanged and 1 rejected.');
  const rejected = report.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  const cells = rejected.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(0)).toHaveText('5');
  await expect(cells.nth(1)).toHaveText('VW Golf VII 1.0 TSI');
  await expect(cells.nth(2)).toHaveText(
    'front must be a tyre size as the sidewall writes it, for example 205/55 R16.',
  );
  await expect(page.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  await shootBothWidths(page, 'fitments', 'dry-run-report');
});
